import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { type AppView, matchAppRoute } from '../../src/shared/app-routes.ts';
import type { UserDto } from '../../src/shared/types.ts';
import { LibraryView } from '../library/library-view.tsx';
import { lazyPart } from '../lib/lazy-part.ts';
import { PageSpinner } from '../ui/spinner.tsx';
import { AccessDenied, NotFound, Placeholder } from './status-views.tsx';

export interface ViewProps {
  user: UserDto;
  params: Record<string, string>;
}

type View = ReturnType<typeof lazyPart<ViewProps>>;
// The library is the first screen after sign-in; every other view is its own chunk.
const search = lazyPart<ViewProps>(() => import('../search/search-view.tsx').then((m) => m.SearchView));
const albums = lazyPart<ViewProps>(() => import('../albums/albums-view.tsx').then((m) => m.AlbumsView));
const album = lazyPart<ViewProps>(() => import('../albums/album-view.tsx').then((m) => m.AlbumView));
const playlists = lazyPart<ViewProps>(() => import('../playlists/playlists-view.tsx').then((m) => m.PlaylistsView));
const playlist = lazyPart<ViewProps>(() => import('../playlists/playlist-view.tsx').then((m) => m.PlaylistView));
const account = lazyPart<ViewProps>(() => import('../account/account-view.tsx').then((m) => m.AccountView));
const favourites = lazyPart<ViewProps>(() => import('../listening/listening-views.tsx').then((m) => m.FavouritesView));
const recent = lazyPart<ViewProps>(() => import('../listening/listening-views.tsx').then((m) => m.RecentlyPlayedView));

/** One component per view of the app-route table (src/shared/app-routes.ts). */
const VIEWS: Record<AppView, ComponentType<ViewProps> | View | null> = {
  library: LibraryView,
  search,
  albums,
  album,
  playlists,
  playlist,
  admin: null,
  account,
  favourites,
  recent,
};

const isLazy = (view: ComponentType<ViewProps> | View): view is View => 'preload' in view;

/** Starts loading the view of `path` (the page's own, before hydration needs it). */
export function preloadView(path: string) {
  const view = VIEWS[matchAppRoute(path)?.route.view ?? 'library'];
  if (view && isLazy(view)) void view.preload();
}
if (typeof window !== 'undefined') preloadView(window.location.pathname);

/**
 * A view from its own chunk hydrates after the page's root: until its effects run it is marked,
 * and browser tests wait for the mark to go (src/testing/browser.ts).
 */
function Hydrating({ children }: { children: React.ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="contents" data-hydrating={hydrated ? undefined : 'true'}>
      {children}
    </div>
  );
}

/** The view for a signed-in path; views of later issues show their heading and a note. */
export function RouteView({ path, user }: { path: string; user: UserDto }) {
  const match = matchAppRoute(path);
  if (!match) return <NotFound />;
  if (match.route.adminOnly && !user.isAdmin) return <AccessDenied />;
  const view = VIEWS[match.route.view];
  if (!view) return <Placeholder heading={match.route.title} />;
  if (!isLazy(view)) {
    const View = view;
    return <View user={user} params={match.params} />;
  }
  return (
    <Suspense fallback={<PageSpinner label="Loading" />}>
      <Hydrating>
        <view.Component user={user} params={match.params} />
      </Hydrating>
    </Suspense>
  );
}
