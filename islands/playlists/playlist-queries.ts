import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../lib/api/request.ts';
import { librarySongsQuery } from '../lib/api/songs.ts';

/**
 * Reads the library in the background once the page has settled, so Add Songs opens on rows
 * rather than on a 50,000-song download (bench/add-songs.bench.ts). The library view shares
 * the read, so a session pays for it once.
 */
export function usePrefetchLibrary(ready: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!ready) return;
    const prefetch = () => void queryClient.prefetchQuery(librarySongsQuery);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(prefetch, 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(prefetch, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [ready, queryClient]);
}

/** The server's message when it answered with one, else the given fallback (a network failure too). */
export const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);
