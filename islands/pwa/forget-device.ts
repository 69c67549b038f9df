import { API_CACHE, IMAGE_CACHE } from '../../src/shared/pwa.ts';
import { clearOfflineMusic } from '../offline/offline-music.ts';

/**
 * Sign-out leaves nothing of the user on the device: the service worker's copies of API reads
 * and artwork, and the music kept offline. Loaded only when signing out.
 */
export async function forgetDevice(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all([caches.delete(API_CACHE), caches.delete(IMAGE_CACHE), clearOfflineMusic()]).catch(() => undefined);
}
