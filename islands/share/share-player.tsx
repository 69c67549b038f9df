'use client';
import { Suspense, useEffect, useRef, useState } from 'react';
import type { NormalisationMode } from '../../src/shared/enums.ts';
import { formatDuration } from '../../src/shared/format.ts';
import type { SongLoudness } from '../../src/shared/loudness.ts';
import type { PlayContext, Track } from '../player/player-engine.ts';
import { usePlayerKeys } from '../player/player-keys.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { Slider } from '../ui/slider.tsx';
import { lazyPart } from '../lib/lazy-part.ts';
import { shareEngine } from './share-engine.ts';
import { iconAudioLines, iconMicVocal, iconPause, iconPlay } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

// Its own chunk: the share pages' first load stays small, and most guests never open lyrics.
const ShareLyrics = lazyPart<{ path: string; time: number; onSeek: (seconds: number) => void }>(() => import('./share-lyrics.tsx').then((m) => m.ShareLyrics));

export interface PlayerTrack {
  title: string;
  /** Already joined "artist • album", or empty. */
  subtitle: string;
  audioUrl: string;
  /** Seconds, from the server; the audio element's own value wins once known. */
  duration: number;
  /** For the lock screen's Media Session artwork. */
  artworkUrl?: string | null;
  /** The song's gains and peaks (a temporary share has none). */
  loudness?: SongLoudness;
  /** Where its lyrics are read (islands/lib/api/shares.ts), only for a song that has them. */
  lyricsPath?: string | null;
}

interface SharePlayerProps {
  tracks: PlayerTrack[];
  /** Album and playlist pages show the 'Tracks' list and the current track's name. */
  withTrackList?: boolean;
  /** Album and playlist advance at a track's end and stop after the last; a single song stops. */
  context?: PlayContext;
  /** The family's loudness normalisation (Settings). */
  normalisation?: NormalisationMode;
}

const toTrack = (t: PlayerTrack, i: number): Track => ({
  id: i,
  title: t.title,
  artist: t.subtitle || null,
  artworkUrl: t.artworkUrl ?? null,
  audioUrl: t.audioUrl,
  duration: t.duration,
  ...t.loudness,
});

/**
 * The share pages' player on the app's playback engine: play/pause, a 0–100 progress
 * slider with m:ss times, the keyboard shortcuts, Media Session, and for albums and playlists a
 * track list that highlights the current track. The page's tracks are cued on load (metadata
 * only), and again after the engine clears a stopped song, so the view and the keys always
 * have a song to act on.
 */
export function SharePlayer({ tracks, withTrackList = false, context = 'library', normalisation = 'auto' }: SharePlayerProps) {
  const queue = useRef<Track[]>([]);
  if (queue.current.length !== tracks.length) queue.current = tracks.map(toTrack);
  const s = shareEngine();
  const loaded = s.queue === queue.current;
  // The engine forgets a stopped song after its fade; the page keeps showing where it stopped.
  const last = useRef(0);
  if (loaded) last.current = s.index;
  const index = last.current;
  const track = tracks[index];

  useEffect(() => shareEngine.getState().setNormalisation(normalisation), [normalisation]);

  useEffect(() => {
    const cue = () => {
      const now = shareEngine.getState();
      if (!now.queue[now.index]) now.cue(queue.current, last.current, context, 0);
    };
    cue();
    // Only after a stop's fade cleared the song: a cued song that fails to load is dropped for good.
    return shareEngine.subscribe((now, before) => before.hiding && cue());
  }, [context]);
  usePlayerKeys(shareEngine);
  const [lyricsOpen, setLyricsOpen] = useState(false);

  if (!track) return null;
  const playing = loaded && s.playing;
  const time = loaded ? s.time : 0;
  const duration = (loaded && s.duration) || track.duration;

  const toggle = () => (loaded && shareEngine.playerAudio() ? s.toggle() : s.start(queue.current, index, context));
  const pick = (i: number) => {
    if (loaded && i === index && !s.playing) s.toggle();
    else if (!loaded || i !== index) s.start(queue.current, i, context);
  };
  const seek = (percent: number) => duration > 0 && s.seek((percent / 100) * duration);

  const progress = duration > 0 ? Math.min(100, Math.round((time / duration) * 100)) : 0;
  return (
    <div className="grid w-full gap-4">
      {withTrackList ? (
        <div className="min-w-0 text-center">
          <div className="truncate font-semibold" data-testid="current-title">{track.title}</div>
          {track.subtitle ? <div className="truncate text-sm text-muted-foreground">{track.subtitle}</div> : null}
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Slider label="Seek" value={progress} onChange={seek} />
        <div className="flex justify-between text-xs tabular-nums text-muted-foreground">
          <span data-testid="elapsed">{formatDuration(time)}</span>
          <span data-testid="total">{formatDuration(duration)}</span>
        </div>
      </div>
      <div className="grid grid-cols-[1fr_auto_1fr] items-center">
        <Button onClick={toggle} aria-label={playing ? 'Pause' : 'Play'} className="col-start-2 h-16 w-16 !rounded-full shadow-md">
          <Icon svg={playing ? iconPause : iconPlay} className={cn('text-3xl', !playing && 'ml-0.5')} />
        </Button>
        {track.lyricsPath ? (
          <Button variant="ghost" size="icon" aria-label="Lyrics" aria-pressed={lyricsOpen} className={cn('justify-self-end', lyricsOpen && 'text-accent-text')} onClick={() => setLyricsOpen(!lyricsOpen)}>
            <Icon svg={iconMicVocal} className="text-xl" />
          </Button>
        ) : null}
      </div>
      {loaded && s.error ? <p role="alert" className="text-center text-sm text-destructive-text">{s.error}</p> : null}
      {lyricsOpen && track.lyricsPath ? (
        <div className="flex h-80 flex-col overflow-hidden rounded-lg border border-border bg-surface">
          <Suspense fallback={<p role="status" className="m-auto text-sm text-muted-foreground">Loading lyrics…</p>}>
            <ShareLyrics.Component path={track.lyricsPath} time={time} onSeek={(seconds) => loaded && s.seek(seconds)} />
          </Suspense>
        </div>
      ) : null}
      {withTrackList ? <TrackList tracks={tracks} current={index} onPick={pick} /> : null}
    </div>
  );
}

function TrackList({ tracks, current, onPick }: { tracks: PlayerTrack[]; current: number; onPick: (i: number) => void }) {
  return (
    <section className="grid gap-2">
      <h2 className="text-lg font-semibold">Tracks</h2>
      <ol className="max-h-80 overflow-y-auto rounded-lg border border-border bg-surface p-1">
        {tracks.map((t, i) => (
          <li key={`${i}-${t.audioUrl}`}>
            <button
              type="button"
              onClick={() => onPick(i)}
              aria-current={i === current ? 'true' : undefined}
              className={cn('flex min-h-14 w-full items-center gap-3 rounded-md px-3 py-2 text-left focusable', i === current ? 'bg-accent-soft' : 'hover:bg-muted')}
            >
              <span className="w-6 shrink-0 text-right text-sm tabular-nums text-muted-foreground">{i + 1}</span>
              <span className="min-w-0 flex-1">
                <span className={cn('block truncate font-medium', i === current && 'text-accent-text')}>{t.title}</span>
                {t.subtitle ? <span className="block truncate text-xs text-muted-foreground">{t.subtitle}</span> : null}
              </span>
              {i === current ? <Icon svg={iconAudioLines} label="Now playing" className="text-base text-accent-text" /> : null}
              <span className="shrink-0 text-xs tabular-nums text-muted-foreground">{formatDuration(t.duration)}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
