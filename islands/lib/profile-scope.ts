import { readLocal, writeLocal } from './local-setting.ts';

/** The member this device showed last; the head script reads the theme saved under their id. */
export const PROFILE_KEY = 'hearthProfile';

// Set once per page by the signed-in app, from the server's user, before any view reads a key.
let scope: number | null = null;

/** Keys settings per member (theme, player, queue) from now on, and remembers who for the next load. */
export function setProfileScope(userId: number): void {
  scope = userId;
  if (readLocal(PROFILE_KEY) !== String(userId)) writeLocal(PROFILE_KEY, String(userId));
}

/** Whether the browser's active profile is still this page's member (another tab may have switched). */
export const profileIsThisPage = () => scope === null || readLocal(PROFILE_KEY) === String(scope);

/** A local setting's key for the member using this page (unscoped where nobody is signed in). */
export const profileKey = (key: string) => (scope === null ? key : `${key}:${scope}`);

/**
 * The theme this member chose, else the device's last choice (the login page follows it); applied
 * at once, since the head script may have read the theme of whoever used the device before.
 */
export function applyProfileTheme(): void {
  const theme = readLocal(profileKey('theme')) ?? readLocal('theme');
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

/**
 * Cookies are the browser's, not the tab's: when another tab switches profile (or Back shows
 * this page from the back-forward cache after a switch), this page reloads as the active member.
 */
export function followProfileSwitches(userId: number): () => void {
  const mine = String(userId);
  const onStorage = (event: StorageEvent) => {
    if (event.key === PROFILE_KEY && event.newValue !== null && event.newValue !== mine) window.location.reload();
  };
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted && readLocal(PROFILE_KEY) !== mine) window.location.reload();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('pageshow', onShow);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('pageshow', onShow);
  };
}
