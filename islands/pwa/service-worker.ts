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
import { API_CACHE, IMAGE_CACHE, KEPT_AUDIO_CHANGED, KEPT_AUDIO_PARAM, OFFLINE_AUDIO_CACHE, SEARCHES_KEPT, SEARCH_CACHE } from '../../src/shared/pwa.ts';
import { isCachedApiRead, isOnlineOnlyPage, isSearchRead } from '../../src/shared/pwa-routes.ts';
import { libraryPageOffline, refreshLibraryPages } from './library-offline.ts';
import { songPaths } from '../lib/api/song-paths.ts';

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

// A search's reads (the search screen, Add Songs' searched pages): network-first, the last good
// answer kept for offline, but only for the newest searches. Matched before the routes below.
serwist.registerCapture(
  ({ url, sameOrigin }) => sameOrigin && isSearchRead(url),
  new NetworkFirst({
    cacheName: SEARCH_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: SEARCHES_KEPT, purgeOnQuotaError: true })],
  }),
);

// Searches were kept with the API copies before they had a cache of their own: a new worker
// drops those once, or they would stay until sign-out.
addEventListener('activate', (event: Event) => {
  (event as unknown as { waitUntil(done: Promise<unknown>): void }).waitUntil(dropSearchesFromApiCopies().catch(() => undefined));
});
async function dropSearchesFromApiCopies(): Promise<void> {
  if (!(await caches.has(API_CACHE))) return;
  const cache = await caches.open(API_CACHE);
  for (const request of await cache.keys()) if (isSearchRead(new URL(request.url))) await cache.delete(request);
}

// The library's pages: the screen reads only those near it, so the worker copies every page each
// time the first one comes online with a newer library version (its ETag); offline a page is
// answered from that copy.
const libraryPages = new NetworkFirst({ cacheName: API_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] });
serwist.registerCapture(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === songPaths.page(null),
  async (options: RouteHandlerCallbackOptions) => {
    try {
      const response = await libraryPages.handle(options);
      const first = !options.url.searchParams.has('after');
      if (first && navigator.onLine) (options.event as unknown as { waitUntil(done: Promise<unknown>): void }).waitUntil(refreshLibraryPages(response.clone()));
      return response;
    } catch (error) {
      const page = await libraryPageOffline(options.url);
      if (page) return page;
      throw error;
    }
  },
);

// The user, the library, albums and playlists: always asked of the server first, the last good
// answer kept for when it cannot be reached.
serwist.registerCapture(
  ({ url, sameOrigin }) => sameOrigin && isCachedApiRead(url.pathname),
  new NetworkFirst({ cacheName: API_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

// Songs kept offline are in OFFLINE_AUDIO_CACHE whole (the page stores them); a Range request
// gets its 206 cut from that copy, so seeking works. Any other song never meets the worker: no
// respondWith, so the audio element streams straight from the network (a 206 cannot be cached,
// and keeping is the user's choice). Which songs are kept is a set in memory, since a route's
// match must answer at once; read at start and again whenever the page changes the cache.
let keptAudio: ReadonlySet<string> | null = null;
async function readKeptAudio(): Promise<void> {
  const requests = (await caches.has(OFFLINE_AUDIO_CACHE)) ? await (await caches.open(OFFLINE_AUDIO_CACHE)).keys() : [];
  keptAudio = new Set(requests.map((request) => new URL(request.url).pathname));
}
const keptAudioRead = readKeptAudio().catch(() => {
  keptAudio = new Set();
});
/** The part of a worker's message event used here (the project's types are a page's, not a worker's). */
type WorkerMessage = Event & { data: unknown; ports: readonly MessagePort[]; waitUntil(done: Promise<unknown>): void };
addEventListener('message', (event: Event) => {
  const message = event as unknown as WorkerMessage;
  if ((message.data as { type?: unknown } | null)?.type !== KEPT_AUDIO_CHANGED) return;
  message.waitUntil(readKeptAudio().then(() => message.ports[0]?.postMessage(true), () => message.ports[0]?.postMessage(false)));
});
// Offline, the network has nothing to give anyway: the cache is asked (also covers the moments
// after the worker started, before the set is read, and a set that missed the page's message).
const isKeptAudio = (url: URL) =>
  url.searchParams.has(KEPT_AUDIO_PARAM) || (keptAudio === null ? !navigator.onLine : keptAudio.has(url.pathname) || !navigator.onLine);
const neverStore: SerwistPlugin = { cacheWillUpdate: async () => null };
// The page marks kept songs' URLs (KEPT_AUDIO_PARAM); the cache holds them under the bare path.
const keptAudioCache = new CacheFirst({
  cacheName: OFFLINE_AUDIO_CACHE,
  plugins: [new RangeRequestsPlugin(), neverStore],
  matchOptions: { ignoreSearch: true },
});
serwist.registerCapture(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/songs/') && isKeptAudio(url),
  async (options: RouteHandlerCallbackOptions) => {
    await keptAudioRead;
    return keptAudioCache.handle(options);
  },
);

// Where the browser has static routes, song audio the page did not mark as kept goes straight to
// the network without starting the worker (an idle worker's start-up delays a first tap); the
// gapless feed's fragments too. Without them, the capture above simply lets such requests pass.
type RoutesInstallEvent = Event & { addRoutes?(rules: unknown): Promise<void>; waitUntil(done: Promise<unknown>): void };
addEventListener('install', (event: Event) => {
  const install = event as RoutesInstallEvent;
  if (typeof install.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  const unmarkedSongs = new URLPattern({ pathname: '/media/songs/*', search: '' });
  install.waitUntil(install.addRoutes({ condition: { urlPattern: unmarkedSongs }, source: 'network' }).catch(() => undefined));
});

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
