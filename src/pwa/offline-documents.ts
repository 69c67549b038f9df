import { createHash } from 'node:crypto';
import { HEAD_SCRIPTS, documentPolicy } from '../render/csp.ts';
import { NEEDS_CONNECTION_TEXT, NEEDS_CONNECTION_TITLE } from '../shared/pwa.ts';
import { iconWifiOff } from '../shared/lucide-icons.ts';

/**
 * The two static documents the service worker precaches for when the network is gone. Pages
 * are rendered per user with a per-response nonce, so they cannot be kept; these carry no user
 * data and allow their one inline script (the theme, before first paint) by its hash.
 */
export interface OfflineDocumentParts {
  css: string;
  /** The offline app's module (islands/pwa/offline-start.ts) and the modules it imports. */
  entry: string;
  preload: readonly string[];
  development: boolean;
}

const scriptHashes = HEAD_SCRIPTS.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`).join(' ');

/** As the pages' policy (src/render/csp.ts), minus what a <meta> policy cannot carry. */
const policy = (development: boolean) => documentPolicy(scriptHashes, development).join('; ');

function head(parts: Pick<OfflineDocumentParts, 'css' | 'development'>, extra = ''): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy(parts.development)}">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>Hearth</title>
${HEAD_SCRIPTS.map((script) => `<script>${script}</script>`).join('')}
<meta name="theme-color" content="#faf8f5" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="#171412" media="(prefers-color-scheme: dark)">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" type="image/png" sizes="192x192" href="/icons/icon-192.png">
<link rel="stylesheet" href="${parts.css}">${extra}
</head>`;
}

const BODY_CLASS = 'min-h-dvh bg-background font-sans text-foreground antialiased';

/** Boots the signed-in app on the client from the cached API reads (islands/pwa/offline-app.tsx). */
export function offlineAppDocument(parts: OfflineDocumentParts): string {
  const preloads = parts.preload.map((url) => `\n<link rel="modulepreload" href="${url}">`).join('');
  const script = `\n<script type="module" src="${parts.entry}"></script>`;
  return `${head(parts, preloads + script)}<body class="${BODY_CLASS}"><div id="app"></div></body></html>\n`;
}

/** Share pages, /share and /login offline: they need the server, and say so. */
export function offlinePageDocument(parts: Pick<OfflineDocumentParts, 'css' | 'development'>): string {
  return `${head(parts)}<body class="${BODY_CLASS}">
<main class="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
<svg class="icon text-4xl text-muted-foreground" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${iconWifiOff}</svg>
<h1 class="text-2xl font-semibold">${NEEDS_CONNECTION_TITLE}</h1>
<p class="text-muted-foreground">${NEEDS_CONNECTION_TEXT}</p>
<a href="" class="inline-flex h-11 items-center justify-center rounded-md bg-accent px-4 text-sm font-medium text-accent-foreground focusable">Try Again</a>
</main></body></html>
`;
}
