import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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
