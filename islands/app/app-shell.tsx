'use client';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { matchAppRoute } from '../../src/shared/app-routes.ts';
import type { UserDto } from '../../src/shared/types.ts';
import { apiRequest } from '../lib/api.ts';
import { queryKeys } from '../lib/queries.ts';
import { MiniPlayer } from '../player/mini-player.tsx';
import { useCurrentTrack } from '../player/player-store.ts';
import { cn } from '../ui/cn.ts';
import { Toaster } from '../ui/toaster.tsx';
import { TooltipProvider } from '../ui/tooltip.tsx';
import { Sidebar, TabBar } from './navigation.tsx';
import { createQueryClient } from './query-client.ts';
import { RouterContext } from './router.ts';
import { UserContext } from './user-context.ts';
import { RouteView } from './views.tsx';

/**
 * The signed-in app: sidebar or tab bar, the current route's view, the mini player, toasts.
 * Navigation between its routes is client-side (history API), so what plays keeps playing.
 */
export function AppShell({ user: rendered, initialPath }: { user: UserDto; initialPath: string }) {
  const [queryClient] = useState(createQueryClient);
  // The user lives in the query cache, seeded from the server render, so a display-preference
  // answer (spec §7: it replaces the cached user) re-renders every reader at once.
  const user = useQuery({ queryKey: queryKeys.user, queryFn: () => apiRequest<UserDto>('/api/user'), initialData: rendered }, queryClient).data;
  const [path, setPath] = useState(initialPath);
  const playing = useCurrentTrack() !== null;

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
            {/* Content and toasts keep clear of the tab bar and the player bar. */}
            <div
              className={cn('min-h-dvh [--tabbar-height:4rem] md:[--tabbar-height:0px]', playing ? '[--bottom-bars:calc(var(--tabbar-height)+var(--player-height))]' : '[--bottom-bars:var(--tabbar-height)]')}
              style={{ '--toast-offset': 'var(--bottom-bars)' } as React.CSSProperties}
            >
              <Sidebar user={user} />
              <main className="mx-auto min-w-0 max-w-5xl px-4 pb-[calc(var(--bottom-bars)+1.5rem)] pt-4 md:ml-[var(--sidebar-width)] md:px-8 md:pt-6 lg:ml-[calc(var(--sidebar-width)+max(0px,(100vw-var(--sidebar-width)-64rem)/2))]">
                <RouteView path={path} user={user} />
              </main>
              <MiniPlayer />
              <TabBar />
              <Toaster />
            </div>
          </TooltipProvider>
        </RouterContext.Provider>
      </UserContext.Provider>
    </QueryClientProvider>
  );
}
