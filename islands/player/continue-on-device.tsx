import { useEffect } from 'react';
import { formatDuration } from '../../src/shared/format.ts';
import { Artwork } from '../ui/artwork.tsx';
import { Button } from '../ui/button.tsx';
import { queueSync } from './player-store.ts';
import { useQueueOffer } from './queue-sync.ts';
import { iconMonitorSmartphone } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

export const CONTINUE_TEXT = 'Continue on this device';
export const NOT_NOW_TEXT = 'Not now';
export const pausedOn = (seconds: number, device: string) => `Paused at ${formatDuration(seconds)} on ${device}`;

/**
 * Turns on the server's play queue for the signed-in app and, when another device saved a newer
 * queue, offers to carry on here (docs/product.md, Playback): a card above the player bar.
 */
export function ContinueOnThisDevice() {
  const offer = useQueueOffer((s) => s.offer);
  useEffect(() => queueSync.enable(), []);
  const song = offer?.songs[offer.index];
  if (!offer || !song) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--bottom-bars,0px)+0.75rem)] z-40 flex justify-center px-4 md:pl-[calc(var(--sidebar-width,0px)+1rem)]">
      <section
        aria-label={CONTINUE_TEXT}
        className="pointer-events-auto flex w-full max-w-md flex-col gap-2 rounded-xl border border-border bg-surface p-3 shadow-lg"
      >
        <div className="flex min-w-0 items-center gap-3">
          <Artwork url={song.artworkUrl} className="h-11 w-11 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium" data-testid="continue-title">{song.title}</p>
            <p className="truncate text-xs text-muted-foreground">{pausedOn(offer.positionMs / 1000, offer.device)}</p>
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={() => queueSync.dismiss()}>
            {NOT_NOW_TEXT}
          </Button>
          <Button size="sm" onClick={() => queueSync.takeOver()}>
            <Icon svg={iconMonitorSmartphone} />
            {CONTINUE_TEXT}
          </Button>
        </div>
      </section>
    </div>
  );
}
