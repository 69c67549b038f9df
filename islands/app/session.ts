import { apiRequest } from '../lib/api.ts';
import { toast } from '../ui/toast-store.ts';
import { API_CACHE, IMAGE_CACHE } from '../../src/shared/pwa.ts';

/**
 * The device keeps nothing of the user after sign-out: the service worker's copies of API reads
 * and artwork, and the music kept offline (issue 12).
 */
async function forgetDevice(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const { clearOfflineMusic } = await import('../offline/offline-music.ts');
  await Promise.all([caches.delete(API_CACHE), caches.delete(IMAGE_CACHE), clearOfflineMusic()]).catch(() => undefined);
}

/** Spec §7 logout; on success the landing page shows (a full load: nothing signed-in survives). */
export async function logOut(): Promise<void> {
  try {
    await apiRequest('/api/logout', { method: 'POST' });
    await forgetDevice();
    window.location.assign('/');
  } catch (error) {
    toast({ title: 'Logout failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
  }
}
