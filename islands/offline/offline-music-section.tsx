import { type ComponentType, useEffect, useState } from 'react';
import { Skeleton } from '../ui/skeleton.tsx';

type Details = ComponentType;

/**
 * /account's 'Offline music' section. The heading renders on the server; what is on the
 * device can only be read in the browser, by a lazily loaded part (not first-load JavaScript).
 */
export function OfflineMusicSection() {
  const [Details, setDetails] = useState<Details | null>(null);
  useEffect(() => {
    let live = true;
    void import('./offline-music-details.tsx').then((module) => live && setDetails(() => module.OfflineMusicDetails));
    return () => {
      live = false;
    };
  }, []);
  return (
    <section aria-labelledby="offline-music-heading" data-testid="offline-music" className="grid min-w-0 gap-4">
      <div className="grid gap-1.5">
        <h2 id="offline-music-heading" className="text-base font-semibold">Offline music</h2>
        <p className="text-sm text-muted-foreground">Songs you make available offline play on this device without a connection.</p>
      </div>
      {Details ? <Details /> : <Skeleton className="h-10 w-full" />}
    </section>
  );
}
