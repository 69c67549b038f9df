/**
 * The service worker's source: bundled and given its precache manifest by src/pwa/sw-build.ts
 * (Serwist's injectManifest), served at /service-worker.js. Every strategy is Serwist's; this
 * file only says which requests get which.
 */
import {
  CacheFirst,
  CacheableResponsePlugin,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  type PrecacheEntry,
  RangeRequestsPlugin,
  type RouteHandlerCallbackOptions,
  Serwist,
  type SerwistPlugin,
} from 'serwist';
import { matchAppRoute } from '../../src/shared/app-routes.ts';
import { API_CACHE, IMAGE_CACHE, OFFLINE_AUDIO_CACHE } from '../../src/shared/pwa.ts';
import { isCachedApiRead, isOnlineOnlyPage } from '../../src/shared/pwa-routes.ts';

declare const self: { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };
/** The precached offline documents' URLs, defined by the build. */
declare const HEARTH_OFFLINE_APP: string;
declare const HEARTH_OFFLINE_PAGE: string;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { concurrency: 6 },
  // A new build takes over at once; the page reloads itself when playback allows (sw-register.ts).
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  disableDevLogs: true,
});

// Pages are rendered per user (nonce, inlined Flight) and never cached. Offline, a signed-in
// route gets the static app document, which boots from the cached API reads; anything else
// (share pages, /share, /login) gets the page saying it needs a connection.
const pages = new NetworkOnly();
serwist.registerCapture(
  ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
  async (options: RouteHandlerCallbackOptions) => {
    try {
      return await pages.handle(options);
    } catch (error) {
      const path = options.url.pathname;
      const app = !isOnlineOnlyPage(path) && matchAppRoute(path) !== null;
      const fallback = await serwist.matchPrecache(app ? HEARTH_OFFLINE_APP : HEARTH_OFFLINE_PAGE);
      if (fallback) return fallback;
      throw error;
    }
  },
);

// The library, albums, playlists and search: always asked of the server first, the last good
// answer kept for when it cannot be reached.
serwist.registerCapture(
  ({ url, sameOrigin }) => sameOrigin && isCachedApiRead(url.pathname),
  new NetworkFirst({ cacheName: API_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

// Songs kept offline are in OFFLINE_AUDIO_CACHE whole (the page stores them); a Range request
// gets its 206 cut from that copy, so seeking works. Other songs stream from the network and
// are never stored here (a 206 cannot be cached, and keeping is the user's choice).
const neverStore: SerwistPlugin = { cacheWillUpdate: async () => null };
serwist.registerCapture(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/songs/'),
  new CacheFirst({ cacheName: OFFLINE_AUDIO_CACHE, plugins: [new RangeRequestsPlugin(), neverStore] }),
);

// Artwork: a kept song's artwork first, then artwork already seen, then the network.
const images = new CacheFirst({
  cacheName: IMAGE_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 2000, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
});
serwist.registerCapture(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/objects/'),
  async (options: RouteHandlerCallbackOptions) =>
    (await caches.match(options.request, { cacheName: OFFLINE_AUDIO_CACHE })) ?? images.handle(options),
);

serwist.addEventListeners();
