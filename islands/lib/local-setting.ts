/**
 * Local settings (theme, lastViewedPlaylist) in browser storage. Storage can be
 * unavailable (private mode, a full quota, a blocked origin): then a setting lasts for this
 * page only, and nothing throws.
 */
export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // unavailable: see above
  }
}
