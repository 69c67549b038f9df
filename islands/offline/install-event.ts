import { EARLY_INSTALL_OFFER } from '../../src/shared/pwa.ts';

/**
 * The browser's offer to install (Chromium's `beforeinstallprompt`), caught from the first
 * moment: it can fire before this module runs (then the document's head script kept it, see
 * src/render/csp.ts) or before any lazily loaded part exists. preventDefault keeps Chrome's own
 * mini-infobar away, so the 'Install Hearth' card is the one prompt.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallOffer {
  event: InstallPromptEvent;
  /** `Date.now()` when it came: the card shows 10 s later. */
  at: number;
}

let offer: InstallOffer | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  const early = window as unknown as Record<string, InstallOffer | undefined>;
  offer = early[EARLY_INSTALL_OFFER] ?? null;
  delete early[EARLY_INSTALL_OFFER];
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = { event: event as InstallPromptEvent, at: Date.now() };
    notify();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    notify();
  });
}

export const installOffer = {
  current: () => offer,
  /** An offer can be used once: after Install it is spent. */
  spend: () => {
    offer = null;
    notify();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
