import { InstallCard } from './install-card.tsx';
import { OfflineSync } from './offline-sync.tsx';

/** The signed-in app's lazily loaded PWA parts (issue 12 items 4 and 5). */
export function OfflineExtras() {
  return (
    <>
      <OfflineSync />
      <InstallCard />
    </>
  );
}
