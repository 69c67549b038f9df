import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { librarySearchQuery } from '../lib/api/songs.ts';

/**
 * Reads Add Songs' first page (the library unsearched) in the background once the page has
 * settled, so the dialog opens on rows (bench/add-songs.bench.ts).
 */
export function usePrefetchLibrary(ready: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!ready) return;
    const prefetch = () => void queryClient.prefetchInfiniteQuery(librarySearchQuery(''));
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(prefetch, 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(prefetch, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [ready, queryClient]);
}
