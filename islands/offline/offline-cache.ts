import { create } from 'zustand';
import { KEPT_AUDIO_CHANGED, KEPT_AUDIO_PARAM, OFFLINE_AUDIO_CACHE } from '../../src/shared/pwa.ts';

/**
 * The Cache Storage cache holding music kept offline is OFFLINE_AUDIO_CACHE
 * (src/shared/pwa.ts). Its keys are the songs' `audioUrl` and `artworkUrl` paths, so the
 * service worker answers the player's audio and image requests from it first.
 */
export { OFFLINE_AUDIO_CACHE };

/**
 * Cache Storage exists only in secure contexts (https, localhost): on a plain-http LAN address
 * there is nothing to offer, so the menus and the /account section say so instead.
 */
export function offlineSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && typeof caches !== 'undefined';
}

/** Also what shows when the storing code itself cannot be fetched (offline before the worker kept it). */
export const NO_CONNECTION = 'Unable to download the song. Please check your internet connection and try again.';

interface OfflineState {
  /** Audio paths held in the cache: the badge and the menus' labels read this. */
  audio: ReadonlySet<string>;
  loaded: boolean;
}

/** The first-load part: which songs are on the device. Storing and removing load lazily. */
export const useOfflineStore = create<OfflineState>(() => ({ audio: new Set(), loaded: false }));

/**
 * Tells the worker in control to re-read which songs are kept (it answers only those itself),
 * and waits for it to have done so, for a second at most.
 */
function tellWorker(): Promise<void> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 1000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      channel.port1.close();
      resolve();
    };
    worker.postMessage({ type: KEPT_AUDIO_CHANGED }, [channel.port2]);
  });
}

/** Re-reads the cache's keys (after a change, or once at start), and has the worker do the same. */
export function refreshOfflineSet(): Promise<void> {
  if (!offlineSupported()) return Promise.resolve();
  const read = caches
    .keys()
    .then(async (names) => (names.includes(OFFLINE_AUDIO_CACHE) ? (await caches.open(OFFLINE_AUDIO_CACHE)).keys() : []))
    .then((requests) => {
      const audio = new Set(requests.map((request) => new URL(request.url).pathname).filter((path) => path.startsWith('/media/')));
      useOfflineStore.setState({ audio, loaded: true });
    })
    .catch(() => useOfflineStore.setState({ loaded: true }));
  return Promise.all([read, tellWorker()]).then(() => undefined);
}

// Read once as the app starts (keys only, no bodies). Hydration renders the store's initial
// state (zustand's server snapshot), as the server did, so badges appear after it, no mismatch.
if (typeof window !== 'undefined') void refreshOfflineSet();

/**
 * The URL an audio element loads a song from: a kept song (or any, while the kept set is still
 * unread) is marked so it reaches the worker; the rest go straight to the network.
 */
export function audioSource(audioUrl: string): string {
  const { audio, loaded } = useOfflineStore.getState();
  const toWorker = !loaded || audio.has(audioUrl);
  if (!toWorker || !audioUrl.startsWith('/media/songs/')) return audioUrl;
  return `${audioUrl}${audioUrl.includes('?') ? '&' : '?'}${KEPT_AUDIO_PARAM}`;
}

/** True while this song's audio is kept on the device. */
export function useKeptOffline(audioUrl: string): boolean {
  return useOfflineStore((state) => state.audio.has(audioUrl));
}

/** How many of these songs are on the device (album and playlist menus). */
export function useKeptCount(audioUrls: readonly string[]): number {
  return useOfflineStore((state) => audioUrls.reduce((count, url) => count + (state.audio.has(url) ? 1 : 0), 0));
}
