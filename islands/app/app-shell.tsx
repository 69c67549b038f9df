'use client';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { matchAppRoute } from '../../src/shared/app-routes.ts';
import type { NormalisationMode } from '../../src/shared/enums.ts';
import type { UserDto } from '../../src/shared/types.ts';
import { userApi, userKeys } from '../lib/api/user.ts';
import { applyProfileTheme, followProfileSwitches, setProfileScope } from '../lib/profile-scope.ts';
import { OfflineExtrasSlot } from '../offline/offline-extras-slot.tsx';
import { ContinueOnThisDevice } from '../player/continue-on-device.tsx';
import { MiniPlayer } from '../player/mini-player.tsx';
import { ProfilePickerSlot } from '../profiles/profile-picker-slot.tsx';
import { useCurrentTrack, usePlayer } from '../player/player-store.ts';
import { OfflineBanner } from '../pwa/offline-banner.tsx';
import { cn } from '../ui/cn.ts';
import { PageSpinner } from '../ui/spinner.tsx';
import { RAISED_BY } from '../ui/raise-toasts.ts';
import { Toaster } from '../ui/toaster.tsx';
import { TooltipProvider } from '../ui/tooltip.tsx';
import { Sidebar, TabBar } from './navigation.tsx';
import { createQueryClient } from './query-client.ts';
import { RouterContext } from './router.ts';
import { UserContext } from './user-context.ts';
import { RouteView } from './views.tsx';
import { loadOnServer } from '../../src/shared/server-parts.ts';

type AdminModule = typeof import('../admin/layout/admin-area.tsx');
let adminModule: AdminModule | null = null;
const loadAdmin = () => import('../admin/layout/admin-area.tsx').then((module) => (adminModule = module));
/**
 * The admin area is its own chunk, loaded when first shown. Once loaded (on the server always:
 * it is imported at start), the loader hands React a thenable that resolves at once, so the
 * server renders the area in place (no fallback) and a later visit never suspends.
 */
const AdminArea = lazy<AdminModule['AdminArea']>(() => {
  const loaded = adminModule;
  if (!loaded) return loadAdmin().then((module) => ({ default: module.AdminArea }));
  return { then: (resolve: (value: { default: AdminModule['AdminArea'] }) => void) => resolve({ default: loaded.AdminArea }) } as Promise<{ default: AdminModule['AdminArea'] }>;
});
if (typeof window === 'undefined') loadOnServer(loadAdmin());

/**
 * The signed-in app: sidebar or tab bar, the current route's view, the mini player, toasts.
 * Navigation between its routes is client-side (history API), so what plays keeps playing.
 */
export function AppShell({ user: rendered, initialPath, sidebarOpen: renderedOpen = true, normalisation = 'auto' }: { user: UserDto; initialPath: string; sidebarOpen?: boolean; normalisation?: NormalisationMode }) {
  const [queryClient] = useState(createQueryClient);
  // The user lives in the query cache, seeded from the server render, so a display-preference
  // answer (it replaces the cached user) re-renders every reader at once.
  const user = useQuery({ queryKey: userKeys.me, queryFn: userApi.me, initialData: rendered }, queryClient).data;
  const [path, setPath] = useState(initialPath);
  // Before any child's effect reads a setting (the player restores in one): keys are this member's.
  useState(() => {
    if (typeof window === 'undefined') return;
    setProfileScope(rendered.id);
    applyProfileTheme();
  });
  const playing = useCurrentTrack() !== null;
  // The admin sidebar's open state, rendered by the server from its cookie (no flash on reload).
  const [sidebarOpen, setSidebarOpen] = useState(renderedOpen);
  const admin = user.isAdmin && matchAppRoute(path)?.route.view === 'admin';
  // The family's loudness normalisation, as rendered with the page (Settings changes it).
  useEffect(() => usePlayer.getState().setNormalisation(normalisation), [normalisation]);

  // The service worker: its own small chunk, fetched after the app is up.
  const userId = user.id;
  useEffect(() => followProfileSwitches(userId), [userId]);
  useEffect(() => {
    void import('../pwa/sw-register.ts').then((pwa) => pwa.registerServiceWorker(usePlayer, userId));
  }, [userId]);

  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    document.title = `${matchAppRoute(path)?.route.title ?? '404 Page Not Found'} - Hearth`;
  }, [path]);

  const navigate = useCallback((to: string) => {
    const url = new URL(to, window.location.href);
    if (url.pathname + url.search === window.location.pathname + window.location.search) return;
    window.history.pushState(null, '', url.pathname + url.search);
    setPath(url.pathname);
    window.scrollTo(0, 0);
  }, []);

  const replace = useCallback((to: string) => {
    const url = new URL(to, window.location.href);
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
    setPath(url.pathname);
  }, []);

  const router = useMemo(() => ({ path, navigate, replace }), [path, navigate, replace]);
  return (
    <QueryClientProvider client={queryClient}>
      <UserContext.Provider value={user}>
        <RouterContext.Provider value={router}>
          <TooltipProvider>
            {/* Content and toasts keep clear of the tab bar and the player bar; toasts also of a bar that raises them. */}
            <div
              className={cn(
                'min-h-dvh',
                admin ? '[--tabbar-height:0px]' : '[--tabbar-height:4rem] md:[--tabbar-height:0px]',
                playing ? '[--bottom-bars:calc(var(--tabbar-height)+var(--player-height))]' : '[--bottom-bars:var(--tabbar-height)]',
              )}
              style={{ '--toast-offset': `calc(var(--bottom-bars) + var(${RAISED_BY}, 0px))`, ...(admin && !sidebarOpen ? { '--sidebar-width': '3rem' } : {}) } as React.CSSProperties}
            >
              {admin ? (
                // The admin area has its own sidebar and header in place of the app's.
                <Suspense fallback={<PageSpinner label="Loading" />}>
                  <AdminArea sidebarOpen={sidebarOpen} onSidebarOpenChange={setSidebarOpen} />
                </Suspense>
              ) : (
                <>
                  <Sidebar user={user} />
                  <main className="mx-auto min-w-0 max-w-5xl px-4 pb-[calc(var(--bottom-bars)+1.5rem)] pt-4 md:ml-[var(--sidebar-width)] md:px-8 md:pt-6 lg:ml-[calc(var(--sidebar-width)+max(0px,(100vw-var(--sidebar-width)-64rem)/2))]">
                    <RouteView path={path} user={user} />
                  </main>
                </>
              )}
              <OfflineBanner />
              <MiniPlayer />
              <ContinueOnThisDevice />
              {admin ? null : <TabBar />}
              <Toaster />
              <ProfilePickerSlot />
              {/* The install card and the offline-music sync, from their own chunk. */}
              <OfflineExtrasSlot />
            </div>
          </TooltipProvider>
        </RouterContext.Provider>
      </UserContext.Provider>
    </QueryClientProvider>
  );
}
