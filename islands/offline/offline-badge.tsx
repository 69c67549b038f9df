import { useKeptOffline } from './offline-cache.ts';
import { iconCircleArrowDown } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** Marks a song row whose audio is kept on the device. */
export function OfflineBadge({ audioUrl }: { audioUrl: string }) {
  const kept = useKeptOffline(audioUrl);
  if (!kept) return null;
  return (
    <span title="Available offline" data-testid="offline-badge" className="inline-flex shrink-0">
      <Icon svg={iconCircleArrowDown} label="Available offline" className="text-base text-accent-text" />
    </span>
  );
}
