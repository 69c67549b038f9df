import { Suspense } from 'react';
import { lazyPart } from '../lib/lazy-part.ts';
import { usePlayer } from './player-store.ts';
import { iconVolume1, iconVolume2, iconVolumeX } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

// The slider primitive is its own chunk: the bar first shows only once a song is chosen.
const slider = lazyPart(() => import('../ui/slider.tsx').then((module) => module.Slider));

/** A volume slider on wide screens (phones use their buttons), remembered across visits. */
export function VolumeControl() {
  const volume = usePlayer((s) => s.volume);
  const setVolume = usePlayer((s) => s.setVolume);
  const icon = volume === 0 ? iconVolumeX : volume < 0.5 ? iconVolume1 : iconVolume2;
  return (
    <div data-testid="volume" className="hidden w-36 shrink-0 items-center gap-2 md:flex">
      <Icon svg={icon} className="shrink-0 text-lg text-muted-foreground" />
      <Suspense fallback={<span className="h-5 w-full" />}>
        <slider.Component label="Volume" value={Math.round(volume * 100)} onChange={(v) => setVolume(v / 100)} />
      </Suspense>
    </div>
  );
}
