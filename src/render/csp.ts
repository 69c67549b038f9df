import { EARLY_INSTALL_OFFER } from '../shared/pwa.ts';

/** A fresh nonce per response: the only inline scripts that run are the ones we wrote. */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

/**
 * Page policy: scripts only from our origin or carrying this response's nonce. React's
 * development build needs eval to rebuild server call stacks; production never gets it.
 */
export function contentSecurityPolicy(nonce: string, development = false, mediaOrigins: string[] = []): string {
  return [...documentPolicy(`'nonce-${nonce}'`, development, mediaOrigins), "frame-ancestors 'none'"].join('; ');
}

/**
 * The directives every document carries; `inlineScripts` names the inline scripts allowed (a
 * nonce, or hashes in the static offline documents, whose <meta> policy cannot carry
 * frame-ancestors).
 */
export function documentPolicy(inlineScripts: string, development: boolean, mediaOrigins: string[] = []): string[] {
  // A bucket's presigned links (S3_PUBLIC_URLS): players and offline saving fetch audio from there.
  const media = mediaOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts}${development ? " 'unsafe-eval'" : ''}`,
    // Inline style attributes (virtualised list offsets, progress widths); no inline <style> needed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `media-src 'self' blob:${media}`,
    `connect-src 'self'${media}`,
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ];
}

/**
 * Catches the browser's install offer before any module runs (it can fire before hydration)
 * and keeps it for islands/offline/install-event.ts; preventDefault keeps Chrome's infobar away.
 */
export const INSTALL_OFFER_SCRIPT = `addEventListener('beforeinstallprompt',function(e){e.preventDefault();self.${EARLY_INSTALL_OFFER}={event:e,at:Date.now()}})`;

/**
 * Runs before first paint: the saved theme becomes a class on <html>, so there is no flash. The
 * theme of the member last shown on this device (islands/lib/profile-scope.ts), else the device's.
 */
export const THEME_SCRIPT =
  "try{var p=localStorage.getItem('hearthProfile'),t=p&&localStorage.getItem('theme:'+p);if((t||localStorage.getItem('theme'))==='dark')document.documentElement.classList.add('dark')}catch(e){}";

/** The inline scripts a document's head runs first, in order. */
export const HEAD_SCRIPTS = [THEME_SCRIPT, INSTALL_OFFER_SCRIPT] as const;
