import { type ComponentType, useEffect, useState } from 'react';
// Imported for its effect: the install offer is caught from the first moment.
import './install-event.ts';

/**
 * Mounts the install card and the offline sync once the app has hydrated, from their own
 * chunk: neither is first-load JavaScript (the signed-in budget), and neither renders on the server.
 */
export function OfflineExtrasSlot() {
  const [Extras, setExtras] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    void import('./offline-extras.tsx').then((module) => live && setExtras(() => module.OfflineExtras));
    return () => {
      live = false;
    };
  }, []);
  return Extras ? <Extras /> : null;
}
