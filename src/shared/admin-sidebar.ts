/**
 * The admin sidebar's open state (the `sidebar_state` cookie, kept 7 days). The server reads
 * it to render the sidebar as it was left (no flash on reload); the browser writes it.
 */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

/** The open state named by a Cookie header (or document.cookie); open when absent or unreadable. */
export function sidebarOpenFromCookies(header: string | null | undefined): boolean {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (name === SIDEBAR_COOKIE) return value !== 'false';
  }
  return true;
}

/** The Set-Cookie / document.cookie string that keeps `open` for 7 days, site-wide. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}
