import { useEffect } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { useRouter } from '../app/router.ts';
import { usePlayer } from '../player/player-store.ts';

/**
 * `/?play={songId}` starts that song within the sorted list once the songs are there (loading
 * further pages of the library while `more` says there are some), then the address goes back
 * to `/` (replaced, so Back does not replay it). Where the browser blocks autoplay, the player
 * store leaves the song loaded and paused for a tap.
 */
export function usePlayParam(songs: SongDto[], more: { loading: boolean; failed: boolean; load: () => void } | null, onStarted: (index: number) => void) {
  const { replace } = useRouter();
  const moreLeft = more !== null;
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get('play');
    if (wanted === null) return;
    const index = songs.findIndex((song) => String(song.id) === wanted);
    // A page that failed keeps the wish: its Try Again brings the songs and this runs again.
    if (index < 0 && moreLeft) {
      if (!more.loading && !more.failed) more.load();
      return;
    }
    if (index >= 0) {
      usePlayer.getState().start(songs, index, 'library');
      onStarted(index);
    }
    replace('/');
    // Once per arrival of more songs: the address no longer carries `play` afterwards.
  }, [songs, moreLeft, more?.loading, more?.failed, replace]);
}
