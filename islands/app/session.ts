import { profilesApi } from '../lib/api/profiles.ts';
import { sessionApi } from '../lib/api/session.ts';
import { toast } from '../ui/toast-store.ts';

/**
 * Logout of the active profile; on success the device forgets the user's cached data and offline
 * music, then (a full load: nothing signed-in survives) the login page with the profiles this
 * device still holds, or the landing page when it holds none.
 */
export async function logOut(): Promise<void> {
  try {
    await sessionApi.logout();
    await import('../pwa/forget-device.ts').then((pwa) => pwa.forgetDevice(), () => undefined);
    const others = await profilesApi.list().catch(() => []);
    window.location.assign(others.length > 0 ? '/login' : '/');
  } catch (error) {
    toast({ title: 'Logout failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
  }
}
