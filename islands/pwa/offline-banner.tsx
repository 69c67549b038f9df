import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { BACK_ONLINE_MS, BACK_ONLINE_TEXT, OFFLINE_BANNER_TEXT } from '../../src/shared/pwa.ts';
import { iconWifi, iconWifiOff } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** The offline banner, and 'Back Online' for 3 s when the connection returns. */
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
  // A pill above the tab bar and the player bar (centred on the content beside the sidebar):
  // the headers at the top keep their title and actions in view.
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--bottom-bars,0px)+0.75rem)] z-40 flex justify-center px-4 md:pl-[calc(var(--sidebar-width,0px)+1rem)]">
      <div
        role="status"
        data-testid="connection-banner"
        className={`pointer-events-auto flex items-center gap-2 rounded-full text-center px-4 py-2 text-sm font-medium shadow-lg ${online ? 'bg-accent text-accent-foreground' : 'bg-foreground text-background'}`}
      >
        <Icon svg={online ? iconWifi : iconWifiOff} />
        {online ? BACK_ONLINE_TEXT : OFFLINE_BANNER_TEXT}
      </div>
    </div>
  );
}
