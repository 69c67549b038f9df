import { songPaths } from '../lib/api/song-paths.ts';

/**
 * The offline app document's module (src/pwa/offline-documents.ts). The library's first page
 * is its first read: ask for it at once, as the online page's preload does, while the app's
 * code loads; the library's query then gets this same response.
 */
if (window.location.pathname === '/') {
  const link = document.createElement('link');
  Object.assign(link, { rel: 'preload', href: songPaths.page(null), as: 'fetch', crossOrigin: 'use-credentials' });
  document.head.append(link);
}
void import('./offline-app.tsx');
