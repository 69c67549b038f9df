'use client';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { UserDto } from '../../src/shared/types.ts';
import { Toaster } from '../toast/toaster.tsx';
import { Sidebar, TabBar } from './navigation.tsx';
import { createQueryClient } from './query-client.ts';
import { RouterContext } from './router.ts';
import { RouteView } from './views.tsx';

/**
 * The signed-in app: sidebar or tab bar, the current route's view, toasts. Navigation
 * between its routes is client-side (history API), so what plays keeps playing.
 */
export function AppShell({ user, initialPath }: { user: UserDto; initialPath: string }) {
  const [queryClient] = useState(createQueryClient);
  const [path, setPath] = useState(initialPath);

  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((to: string) => {
    if (to === window.location.pathname) return;
    window.history.pushState(null, '', to);
    setPath(new URL(to, window.location.href).pathname);
    window.scrollTo(0, 0);
  }, []);

  const router = useMemo(() => ({ path, navigate }), [path, navigate]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterContext.Provider value={router}>
        <Sidebar />
        <main className="min-h-screen px-4 pb-24 pt-6 md:ml-64 md:px-8 md:pb-8">
          <RouteView path={path} user={user} />
        </main>
        <TabBar />
        <Toaster />
      </RouterContext.Provider>
    </QueryClientProvider>
  );
}
