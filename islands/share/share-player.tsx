'use client';
import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '../../src/shared/format.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { Slider } from '../ui/slider.tsx';

export interface PlayerTrack {
  title: string;
  /** Already joined "artist • album", or empty. */
  subtitle: string;
  audioUrl: string;
  /** Seconds, from the server; the audio element's own value wins once known. */
  duration: number;
}

interface SharePlayerProps {
  tracks: PlayerTrack[];
  /** Album and playlist pages show the 'Tracks' list and the current track's name. */
  withTrackList?: boolean;
}

/**
 * The share pages' only client code: play/pause, a 0–100 progress slider with m:ss times,
 * and for albums and playlists a track list that highlights the playing track, advances
 * when a track ends and stops after the last.
 */
export function SharePlayer({ tracks, withTrackList = false }: SharePlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(tracks[0]?.duration ?? 0);
  const wantPlay = useRef(false);
  const track = tracks[index];

  useEffect(() => {
    const element = audio.current;
    if (!element || !track) return;
    setTime(0);
    setDuration(track.duration);
    if (wantPlay.current) void element.play().catch(() => setPlaying(false));
  }, [index, track]);

  if (!track) return null;

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      wantPlay.current = true;
      void element.play().catch(() => setPlaying(false));
    } else {
      wantPlay.current = false;
      element.pause();
    }
  };

  const playTrack = (next: number) => {
    wantPlay.current = true;
    if (next === index) void audio.current?.play().catch(() => setPlaying(false));
    else setIndex(next);
  };

  const onEnded = () => {
    if (index < tracks.length - 1) playTrack(index + 1);
    else {
      wantPlay.current = false;
      setPlaying(false);
    }
  };

  const seek = (percent: number) => {
    const element = audio.current;
    if (element && duration > 0) element.currentTime = (percent / 100) * duration;
  };

  const progress = duration > 0 ? Math.min(100, Math.round((time / duration) * 100)) : 0;
  return (
    <div className="grid w-full gap-4">
      <audio
        ref={audio}
        src={track.audioUrl}
        preload="metadata"
        data-testid="share-audio"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={onEnded}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)}
      />
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
      <div className="flex justify-center">
        <Button onClick={toggle} aria-label={playing ? 'Pause' : 'Play'} className="h-16 w-16 !rounded-full shadow-md">
          <span aria-hidden="true" className={playing ? 'i-lucide-pause text-3xl' : 'i-lucide-play ml-0.5 text-3xl'} />
        </Button>
      </div>
      {withTrackList ? <TrackList tracks={tracks} current={index} onPick={playTrack} /> : null}
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
              {i === current ? <span aria-label="Now playing" className="i-lucide-audio-lines text-base text-accent-text" /> : null}
              <span className="shrink-0 text-xs tabular-nums text-muted-foreground">{formatDuration(t.duration)}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
