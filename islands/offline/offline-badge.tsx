import { useKeptOffline } from './offline-cache.ts';

/** Marks a song row whose audio is kept on the device. */
export function OfflineBadge({ audioUrl }: { audioUrl: string }) {
  const kept = useKeptOffline(audioUrl);
  if (!kept) return null;
  return <span role="img" aria-label="Available offline" title="Available offline" data-testid="offline-badge" className="i-lucide-circle-arrow-down shrink-0 text-base text-accent-text" />;
}
