import { useEffect, useState, useSyncExternalStore } from 'react';
import { readLocal, writeLocal } from '../lib/local-setting.ts';
import { Button } from '../ui/button.tsx';
import { installOffer } from './install-event.ts';
import { iconX } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** Local settings: when the install prompt was dismissed (ms since 1970). */
const INSTALL_DISMISSED_KEY = 'installPromptDismissed';
const DELAY_MS = 10_000;
const DISMISS_MS = 7 * 24 * 60 * 60 * 1000;

function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (change) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', change);
      return () => list.removeEventListener('change', change);
    },
    () => window.matchMedia(query).matches,
  );
}

/**
 * 'Install Hearth' 10 s after the browser offers installation; Not Now and the close
 * control hide it for 7 days; never on screens 768 px or wider, nor in the installed app.
 */
export function InstallCard() {
  const offer = useSyncExternalStore(installOffer.subscribe, installOffer.current);
  const wide = useMedia('(min-width: 768px)');
  const installed = useMedia('(display-mode: standalone)') || (navigator as { standalone?: boolean }).standalone === true;
  const [due, setDue] = useState(false);
  const [dismissedAt, setDismissedAt] = useState(() => Number(readLocal(INSTALL_DISMISSED_KEY)) || 0);

  useEffect(() => {
    setDue(false);
    if (!offer) return;
    const timer = setTimeout(() => setDue(true), Math.max(0, offer.at + DELAY_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [offer]);

  if (!offer) return null;
  // A marker while the 10 s run, so tests can tell "not yet" from "never" (it renders nothing).
  if (!due) return <span hidden data-testid="install-waiting" />;
  if (wide || installed || Date.now() - dismissedAt < DISMISS_MS) return null;

  const dismiss = () => {
    const now = Date.now();
    writeLocal(INSTALL_DISMISSED_KEY, String(now));
    setDismissedAt(now);
  };
  const install = async () => {
    installOffer.spend();
    await offer.event.prompt().catch(() => {});
    // Declined in the browser's own dialog: ask again no sooner than after Not Now.
    if ((await offer.event.userChoice?.catch(() => null))?.outcome === 'dismissed') dismiss();
  };

  return (
    <section
      aria-labelledby="install-heading"
      data-testid="install-card"
      className="ui-pop fixed inset-x-3 bottom-[calc(var(--bottom-bars)+0.75rem)] z-40 rounded-lg border border-border bg-surface p-4 text-foreground shadow-lg"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-md" />
        <div className="min-w-0 flex-1">
          <h2 id="install-heading" className="font-semibold leading-tight">Install Hearth</h2>
          <p className="mt-1 text-sm text-muted-foreground">Add Hearth to your home screen for quick access and music kept offline.</p>
        </div>
        <Button variant="ghost" size="icon" aria-label="Close" className="-mr-2 -mt-2 shrink-0" onClick={dismiss}>
          <Icon svg={iconX} className="text-xl" />
        </Button>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="outline" onClick={dismiss}>
          Not Now
        </Button>
        <Button onClick={() => void install()}>Install</Button>
      </div>
    </section>
  );
}
