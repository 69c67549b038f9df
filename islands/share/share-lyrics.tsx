import { useEffect, useState } from 'react';
import type { LyricsDto } from '../../src/shared/schemas/lyrics.ts';
import { shareApi } from '../lib/api/shares.ts';
import { LyricsView } from '../player/lyrics-view.tsx';

export const LYRICS_LOADING = 'Loading lyrics…';
export const LYRICS_FAILED = 'Lyrics could not be loaded';

/**
 * The share pages' lyrics, loaded only when a guest opens them (this module is its own chunk):
 * read from the share's lyrics path, then the full player's view, following `time`.
 */
export function ShareLyrics({ path, time, onSeek }: { path: string; time: number; onSeek: (seconds: number) => void }) {
  const [read, setRead] = useState<{ path: string; lyrics: LyricsDto | null } | null>(null);
  useEffect(() => {
    let current = true;
    shareApi.lyrics(path).then(
      (lyrics) => current && setRead({ path, lyrics }),
      () => current && setRead({ path, lyrics: null }),
    );
    return () => {
      current = false;
    };
  }, [path]);
  if (read?.path !== path) return <p role="status" className="m-auto text-sm text-muted-foreground">{LYRICS_LOADING}</p>;
  if (!read.lyrics) return <p role="alert" className="m-auto text-sm text-muted-foreground">{LYRICS_FAILED}</p>;
  return <LyricsView lyrics={read.lyrics} time={time} onSeek={onSeek} />;
}
