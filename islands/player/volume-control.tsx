import { cn } from '../ui/cn.ts';
import { Slider } from '../ui/slider.tsx';
import { usePlayer } from './player-store.ts';

/** A volume slider on wide screens (phones use their buttons), remembered across visits. */
export function VolumeControl() {
  const volume = usePlayer((s) => s.volume);
  const setVolume = usePlayer((s) => s.setVolume);
  const icon = volume === 0 ? 'i-lucide-volume-x' : volume < 0.5 ? 'i-lucide-volume-1' : 'i-lucide-volume-2';
  return (
    <div data-testid="volume" className="hidden w-36 shrink-0 items-center gap-2 md:flex">
      <span aria-hidden="true" className={cn(icon, 'shrink-0 text-lg text-muted-foreground')} />
      <Slider label="Volume" value={Math.round(volume * 100)} onChange={(v) => setVolume(v / 100)} />
    </div>
  );
}
