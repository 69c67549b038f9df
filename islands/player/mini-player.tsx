import { cn } from '../ui/cn.ts';
import { Artwork } from '../ui/artwork.tsx';
import { Button } from '../ui/button.tsx';
import { Suspense, useEffect, useState } from 'react';
import { readLocal } from '../lib/local-setting.ts';
import { profileKey } from '../lib/profile-scope.ts';
import { lazyPart } from '../lib/lazy-part.ts';
import { usePlayerKeys } from './player-keys.ts';
import { restorePlayer } from './player-persist.ts';
import { VolumeControl } from './volume-control.tsx';
import { useCurrentTrack, usePlayer, useSleepTimer } from './player-store.ts';
import { iconPause, iconPlay } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

// The full-screen player (with its dialog, seek slider and queue) loads when first opened.
const fullPlayer = lazyPart(() => import('./full-player.tsx').then((module) => module.FullPlayer));

/**
 * The bar along the bottom showing what plays: thumbnail, title, optional narrator or artist,
 * a progress fill and play/pause (docs/product.md, Players). Tapping it opens the full-screen player.
 */
export function MiniPlayer() {
  const track = useCurrentTrack();
  const playing = usePlayer((s) => s.playing);
  const progress = usePlayer((s) => (s.duration > 0 ? Math.min(100, (s.time / s.duration) * 100) : 0));
  const toggle = usePlayer((s) => s.toggle);
  // After a stop the bar fades out over 0.5 s before the song is cleared.
  const hiding = usePlayer((s) => s.hiding);
  const [expanded, setExpanded] = useState(false);
  const [opened, setOpened] = useState(false);
  if (expanded && !opened) setOpened(true);
  // The bar lives as long as the signed-in app, so the keyboard shortcuts live with it.
  usePlayerKeys(usePlayer);
  useEffect(() => {
    // Here, once the app has set whose keys these are: the member's own player and sleep timer.
    restorePlayer(usePlayer, (key) => readLocal(profileKey(key)));
    useSleepTimer.restore();
  }, []);
  if (!track) return null;
  const subtitle = track.narrator ?? track.artist;
  return (
    <section
      aria-label="Player"
      data-player-bar=""
      data-hiding={hiding ? '' : undefined}
      className={cn(
        'fixed inset-x-0 bottom-[var(--tabbar-height)] z-30 border-t border-border bg-surface/85 backdrop-blur-md md:bottom-0 md:left-[var(--sidebar-width)] transition-opacity duration-500',
        hiding && 'opacity-0',
      )}
    >
      <div className="absolute inset-x-0 top-0 h-0.5 bg-muted">
        <div data-testid="player-progress" className="h-full bg-accent" style={{ width: `${progress}%` }} />
      </div>
      <div className="mx-auto flex h-[var(--player-height)] max-w-5xl items-center gap-3 px-3 md:px-6">
        <button
          type="button"
          aria-haspopup="dialog"
          aria-label={`Full screen: ${track.title}`}
          onClick={() => setExpanded(true)}
          className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-md text-left focusable"
        >
          <Artwork url={track.artworkUrl} className="h-11 w-11" />
          <span className="min-w-0 flex-1">
            <span data-testid="player-title" className="block truncate text-sm font-medium">{track.title}</span>
            {subtitle ? <span className="block truncate text-xs text-muted-foreground">{subtitle}</span> : null}
          </span>
        </button>
        <VolumeControl />
        <Button variant="ghost" size="icon" aria-label={playing ? 'Pause' : 'Play'} onClick={toggle}>
          <Icon svg={playing ? iconPause : iconPlay} className="text-2xl" />
        </Button>
      </div>
      {opened ? (
        <Suspense fallback={null}>
          <fullPlayer.Component open={expanded} onOpenChange={setExpanded} />
        </Suspense>
      ) : null}
    </section>
  );
}
