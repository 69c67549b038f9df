import type { ComponentType } from 'react';
import { type AppView, matchAppRoute } from '../../src/shared/app-routes.ts';
import type { UserDto } from '../../src/shared/types.ts';
import { AlbumView } from '../albums/album-view.tsx';
import { AlbumsView } from '../albums/albums-view.tsx';
import { AccountView } from '../account/account-view.tsx';
import { LibraryView } from '../library/library-view.tsx';
import { FavouritesView, RecentlyPlayedView } from '../listening/listening-views.tsx';
import { PlaylistView } from '../playlists/playlist-view.tsx';
import { PlaylistsView } from '../playlists/playlists-view.tsx';
import { SearchView } from '../search/search-view.tsx';
import { AccessDenied, NotFound, Placeholder } from './status-views.tsx';

export interface ViewProps {
  user: UserDto;
  params: Record<string, string>;
}

/** One component per view of the app-route table (src/shared/app-routes.ts). */
const VIEWS: Record<AppView, ComponentType<ViewProps> | null> = {
  library: LibraryView,
  search: SearchView,
  albums: AlbumsView,
  album: AlbumView,
  playlists: PlaylistsView,
  playlist: PlaylistView,
  admin: null,
  account: AccountView,
  favourites: FavouritesView,
  recent: RecentlyPlayedView,
};

/** The view for a signed-in path; views of later issues show their heading and a note. */
export function RouteView({ path, user }: { path: string; user: UserDto }) {
  const match = matchAppRoute(path);
  if (!match) return <NotFound />;
  if (match.route.adminOnly && !user.isAdmin) return <AccessDenied />;
  const View = VIEWS[match.route.view];
  if (!View) return <Placeholder heading={match.route.title} />;
  return <View user={user} params={match.params} />;
}
