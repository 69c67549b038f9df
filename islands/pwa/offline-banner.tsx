import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { BACK_ONLINE_MS, BACK_ONLINE_TEXT, OFFLINE_BANNER_TEXT } from '../../src/shared/pwa.ts';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Spec §2 Other: the offline banner, and 'Back Online' for 3 s when the connection returns. */
export function OfflineBanner() {
  // The server renders online; a page opened offline shows the banner right after hydration.
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  const [backOnline, setBackOnline] = useState(false);
  const wasOffline = useRef(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setBackOnline(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBackOnline(true);
    const timer = setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [online]);

  if (online && !backOnline) return null;
  return (
    <div
      role="status"
      data-testid="connection-banner"
      className={`fixed inset-x-0 top-0 z-50 px-4 py-2 text-center text-sm font-medium shadow-sm ${online ? 'bg-accent text-accent-foreground' : 'bg-foreground text-background'}`}
    >
      {online ? BACK_ONLINE_TEXT : OFFLINE_BANNER_TEXT}
    </div>
  );
}
