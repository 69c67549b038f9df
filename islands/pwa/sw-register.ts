import { API_CACHE, SIGNED_IN_CACHES, UPDATE_CHECK_MS } from '../../src/shared/pwa.ts';
import { isCachedApiRead } from '../../src/shared/pwa-routes.ts';
import { userPaths } from '../lib/api/user.ts';

/** What registration needs of the player: whether it plays, and a way to hear that it stopped. */
export interface PlaybackGate {
  getState(): { playing: boolean };
  subscribe(listener: (state: { playing: boolean }) => void): () => void;
}

/** Runs `action` now if nothing plays, else once playback pauses or stops. */
function whenNotPlaying(player: PlaybackGate, action: () => void): void {
  if (!player.getState().playing) return action();
  const stop = player.subscribe((state) => {
    if (state.playing) return;
    stop();
    action();
  });
}

/**
 * Kept reads of another account (its session ended without Log out, so nothing was cleared)
 * are dropped before this user's are kept: the offline app must never show them.
 */
async function dropOtherUsersReads(userId: number): Promise<boolean> {
  const kept = await (await caches.open(API_CACHE)).match(userPaths.me);
  const keptId = kept ? ((await kept.json()) as { id?: unknown }).id : userId;
  if (keptId === userId) return false;
  // The expiration database's URLs too (a search's address holds what was searched for), beside
  // the caches: a module that fails to load must not keep the caches from going.
  await Promise.all([...SIGNED_IN_CACHES.map((name) => caches.delete(name)), import('./forget-device.ts').then((pwa) => pwa.forgetExpiringUrls())]);
  return true;
}

/**
 * Asks the worker to keep the reads the offline app needs: the user (the page has it from the
 * server render, so it is never read), and the reads this page made that are not kept yet (on
 * the first visit, before the worker controlled the page; or dropped as another user's just
 * now). Serwist answers CACHE_URLS through the same routes as page requests.
 */
async function keepForOffline(worker: ServiceWorker, userId: number, firstVisit: boolean) {
  const dropped = await dropOtherUsersReads(userId).catch(() => false);
  const seen = firstVisit || dropped
    ? performance.getEntriesByType('resource').map((entry) => new URL(entry.name)).filter((url) => url.origin === location.origin && isCachedApiRead(url.pathname))
    : [];
  const urls = new Set([userPaths.me, ...seen.map((url) => url.pathname + url.search)]);
  worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [...urls] } });
}

/**
 * Registered at /service-worker.js, checked hourly and whenever the page becomes
 * visible; when a new version takes control the page reloads, but never mid-song (the saved
 * player state, islands/player/player-persist.ts, cues the song again after the reload).
 */
export function registerServiceWorker(player: PlaybackGate, userId: number): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // The first worker claiming a page that had none changes nothing it shows: no reload then.
  let controlled = container.controller !== null;
  if (container.controller) void keepForOffline(container.controller, userId, false);
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      if (container.controller) void keepForOffline(container.controller, userId, true);
      return;
    }
    if (reloading) return;
    reloading = true;
    whenNotPlaying(player, () => window.location.reload());
  });
  // updateViaCache 'none': the worker script is never taken from the HTTP cache.
  void container
    .register('/service-worker.js', { scope: '/', updateViaCache: 'none' })
    .then((registration: ServiceWorkerRegistration | undefined) => {
      // A browser that blocks workers (automation, some privacy modes) may resolve with nothing.
      if (!registration) return;
      const check = () => void registration.update().catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    .catch(() => undefined);
}
