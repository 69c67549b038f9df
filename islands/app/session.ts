import { sessionApi } from '../lib/api/session.ts';
import { toast } from '../ui/toast-store.ts';

/**
 * Logout; on success the device forgets the user's cached data and offline music
 *, then the landing page shows (a full load: nothing signed-in survives).
 */
export async function logOut(): Promise<void> {
  try {
    await sessionApi.logout();
    await import('../pwa/forget-device.ts').then((pwa) => pwa.forgetDevice(), () => undefined);
    window.location.assign('/');
  } catch (error) {
    toast({ title: 'Logout failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
  }
}
