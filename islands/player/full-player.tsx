import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { formatDuration } from '../../src/shared/format.ts';
import { FavouriteButton } from '../listening/favourite-menu-item.tsx';
import { Artwork } from '../ui/artwork.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { Dialog, OVERLAY_CLASS } from '../ui/dialog.tsx';
import { Slider } from '../ui/slider.tsx';
import { hasNext, hasPrevious, useCurrentTrack, usePlayer } from './player-store.ts';
import { QueueList } from './queue-list.tsx';
import { LyricsView } from './lyrics-view.tsx';
import { SleepTimerLeft, SleepTimerMenu } from './sleep-timer-menu.tsx';
import { StartRoomButton } from '../room/start-room-button.tsx';
import { useSongLyrics } from '../lib/api/songs.ts';
import type { LyricsDto } from '../../src/shared/schemas/lyrics.ts';
import { iconChevronDown, iconListMusic, iconMicVocal, iconPause, iconPlay, iconRepeat, iconRotateCcw, iconSkipBack, iconSkipForward } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** A downward drag of more than 100 px on touch closes the full-screen player. */
const SWIPE_CLOSE_PX = 100;

/**
 * The full-screen player (docs/product.md, Players): close, artwork, title, artist, seek slider with
 * m:ss times, restart, previous, play/pause, next, loop, the sleep timer. The design system's (Radix) dialog
 * traps focus, closes on Escape and locks the body's scroll while it is open.
 */
export function FullPlayer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const track = useCurrentTrack();
  const [drag, setDrag] = useState(0);
  const [view, setView] = useState<'player' | 'queue' | 'lyrics'>('player');
  // Asked only while the player is open, and only for a song the library says has lyrics.
  const { data: lyrics } = useSongLyrics(open && track?.hasLyrics ? track.id : null);
  const startY = useRef<number | null>(null);
  if (!track) return null;
  const onTouchStart = (e: React.TouchEvent) => {
    // The seek slider owns its own drags.
    startY.current = (e.target as Element).closest('[data-no-swipe]') ? null : (e.touches[0]?.clientY ?? null);
  };
  const onTouchMove = (e: React.TouchEvent) => {
    if (startY.current !== null) setDrag(Math.max(0, (e.touches[0]?.clientY ?? 0) - startY.current));
  };
  const onTouchEnd = () => {
    if (drag > SWIPE_CLOSE_PX) onOpenChange(false);
    startY.current = null;
    setDrag(0);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={OVERLAY_CLASS} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-full-player=""
          onTouchStart={onTouchStart}
          onTouchMove={onTouchMove}
          onTouchEnd={onTouchEnd}
          style={drag ? { transform: `translateY(${drag}px)` } : undefined}
          className="ui-fade fixed inset-0 z-50 flex flex-col overflow-y-auto bg-surface text-foreground focus:outline-none"
        >
          <div className="relative flex items-center gap-2 px-3 pt-[max(0.75rem,env(safe-area-inset-top))]">
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close player">
                <Icon svg={iconChevronDown} className="text-2xl" />
              </Button>
            </DialogPrimitive.Close>
            {/* Centred on the screen whatever number of buttons stand on each side. */}
            <DialogPrimitive.Title className="pointer-events-none absolute inset-x-0 text-center text-sm font-medium text-muted-foreground">Now Playing</DialogPrimitive.Title>
            <span aria-hidden="true" className="flex-1" />
            {lyrics ? (
              <Button variant="ghost" size="icon" aria-label="Lyrics" aria-pressed={view === 'lyrics'} className={cn(view === 'lyrics' && 'text-accent-text')} onClick={() => setView(view === 'lyrics' ? 'player' : 'lyrics')}>
                <Icon svg={iconMicVocal} className="text-xl" />
              </Button>
            ) : null}
            <StartRoomButton />
            <SleepTimerMenu />
            <Button variant="ghost" size="icon" aria-label="Queue" aria-pressed={view === 'queue'} className={cn(view === 'queue' && 'text-accent-text')} onClick={() => setView(view === 'queue' ? 'player' : 'queue')}>
              <Icon svg={iconListMusic} className="text-xl" />
            </Button>
          </div>
          {view === 'queue' ? <QueueList /> : view === 'lyrics' && lyrics ? <PlayingLyrics lyrics={lyrics} /> : <PlayerBody />}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </Dialog>
  );
}

/** The lyrics view, following the store's playback time. */
function PlayingLyrics({ lyrics }: { lyrics: LyricsDto }) {
  const time = usePlayer((s) => s.time);
  const seek = usePlayer((s) => s.seek);
  return <LyricsView lyrics={lyrics} time={time} onSeek={seek} />;
}

function PlayerBody() {
  const track = useCurrentTrack()!;
  const s = usePlayer();
  const [seeking, setSeeking] = useState<number | null>(null);
  const max = s.duration > 0 ? s.duration : track.duration;
  const shown = seeking ?? Math.min(s.time, max);
  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-6 pb-[max(1.5rem,env(safe-area-inset-bottom))]">
      <Artwork url={track.artworkUrl} className="aspect-square w-full max-w-[min(100%,22rem)] self-center rounded-xl text-5xl shadow-lg" />
      <div className="flex items-center gap-2">
        {/* A spacer as wide as the heart keeps the title centred. */}
        <span aria-hidden="true" className="w-11 shrink-0" />
        <div className="min-w-0 flex-1 text-center">
          <h2 data-testid="full-player-title" className="truncate text-xl font-semibold">{track.title}</h2>
          <p className="truncate text-muted-foreground">{track.narrator ?? track.artist}</p>
        </div>
        <FavouriteButton song={track} />
      </div>
      <div data-no-swipe="" className="grid gap-1.5">
        <Slider label="Seek" value={shown} max={max} step={1} onChange={setSeeking} onCommit={(v) => { s.seek(v); setSeeking(null); }} />
        <div className="flex justify-between text-xs tabular-nums text-muted-foreground">
          <span data-testid="full-player-elapsed">{formatDuration(shown)}</span>
          <span data-testid="full-player-total">{formatDuration(max)}</span>
        </div>
      </div>
      <div className="flex items-center justify-between">
        <Button variant="ghost" size="icon" aria-label="Restart" onClick={s.restart}>
          <Icon svg={iconRotateCcw} className="text-xl" />
        </Button>
        <Button variant="ghost" size="icon" aria-label="Previous" disabled={!hasPrevious(s)} onClick={s.previous}>
          <Icon svg={iconSkipBack} className="text-2xl" />
        </Button>
        <Button size="icon" aria-label={s.playing ? 'Pause' : 'Play'} className="h-16 w-16 !rounded-full" onClick={s.toggle}>
          <Icon svg={s.playing ? iconPause : iconPlay} className="text-3xl" />
        </Button>
        <Button variant="ghost" size="icon" aria-label="Next" disabled={!hasNext(s)} onClick={s.next}>
          <Icon svg={iconSkipForward} className="text-2xl" />
        </Button>
        <Button variant="ghost" size="icon" aria-label="Loop" aria-pressed={s.loop} className={cn(s.loop && 'text-accent-text')} onClick={() => s.setLoop(!s.loop)}>
          <Icon svg={iconRepeat} className="text-xl" />
        </Button>
      </div>
      <SleepTimerLeft />
    </div>
  );
}
