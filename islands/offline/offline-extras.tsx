import { InstallCard } from './install-card.tsx';
import { OfflineSync } from './offline-sync.tsx';

/** The signed-in app's lazily loaded PWA parts. */
export function OfflineExtras() {
  return (
    <>
      <OfflineSync />
      <InstallCard />
    </>
  );
}
