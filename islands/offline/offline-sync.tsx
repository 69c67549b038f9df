import { useEffect } from 'react';
import { useUser } from '../app/user-context.ts';
import { visibleSongs } from '../lib/api/songs.ts';
import { refreshOfflineSet, useOfflineStore } from './offline-cache.ts';
import { dropOthersMusic, listOfflineMusic, setOfflineOwner, syncOfflineMusic } from './offline-music.ts';

/**
 * The online sync of music kept offline: as the app starts and when the connection returns, and
 * only when something is kept, the kept songs are looked up by id (GET /api/songs/visible, never
 * the whole library); those the user's library no longer holds, or holds with other audio, are
 * dropped. Each kept song names who kept it.
 */
export function OfflineSync() {
  const userId = useUser().id;
  useEffect(() => {
    setOfflineOwner(userId);
    // Another account's music (its session ended without Log out) goes first, online or not.
    void dropOthersMusic(userId).catch(() => {});

    const check = async () => {
      await refreshOfflineSet();
      if (!navigator.onLine || useOfflineStore.getState().audio.size === 0) return;
      const kept = (await listOfflineMusic()).songs;
      // A song kept before songs carried their id cannot be looked up: it stays.
      const unknown = kept.filter((song) => song.id <= 0);
      const current = await visibleSongs(kept.filter((song) => song.id > 0).map((song) => song.id));
      // Offline again meanwhile, the answer may be the worker's cached copy: never judge by it.
      // Judged against what was asked: a song kept while the answer was on its way is not in it.
      if (navigator.onLine) await syncOfflineMusic([...current, ...unknown], new Set(kept.map((song) => song.audioUrl)));
    };
    const run = () => void check().catch(() => {});
    run();
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, [userId]);
  return null;
}
