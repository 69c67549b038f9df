import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { useUser } from '../app/user-context.ts';
import { librarySongsQuery, songKeys } from '../lib/api/songs.ts';
import { refreshOfflineSet, useOfflineStore } from './offline-cache.ts';
import { dropOthersMusic, setOfflineOwner, syncOfflineMusic } from './offline-music.ts';

/**
 * The online sync of music kept offline: whenever the user's song list (GET /api/songs) is
 * read from the network, kept songs missing from it are dropped. It runs as the app starts
 * and when the connection returns, only when something is kept, and reuses the library's
 * query (never a second copy of a 50,000-song list). Each kept song names who kept it.
 */
export function OfflineSync() {
  const queryClient = useQueryClient();
  const userId = useUser().id;
  useEffect(() => {
    setOfflineOwner(userId);
    // Another account's music (its session ended without Log out) goes first, online or not.
    void dropOthersMusic(userId).catch(() => {});

    const sync = (songs: SongDto[] | undefined) => {
      // Offline, the list may be the worker's cached copy: never judge by it.
      if (songs && navigator.onLine && useOfflineStore.getState().audio.size > 0) void syncOfflineMusic(songs).catch(() => {});
    };
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryHash === JSON.stringify(songKeys.library)) sync(event.query.state.data as SongDto[] | undefined);
    });
    const check = async (refetch: boolean) => {
      await refreshOfflineSet();
      if (!navigator.onLine || useOfflineStore.getState().audio.size === 0) return;
      const cached = queryClient.getQueryData<SongDto[]>(songKeys.library);
      // A list read in this page's life is current; after a time offline it is read again.
      if (cached && !refetch) return sync(cached);
      await queryClient.fetchQuery({ ...librarySongsQuery, staleTime: 0 }).catch(() => {});
    };
    const onOnline = () => void check(true);
    void check(false);
    window.addEventListener('online', onOnline);
    return () => {
      unsubscribe();
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient, userId]);
  return null;
}
