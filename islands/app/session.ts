import { apiRequest } from '../lib/api.ts';
import { toast } from '../ui/toast-store.ts';

/** Spec §7 logout; on success the landing page shows (a full load: nothing signed-in survives). */
export async function logOut(): Promise<void> {
  try {
    await apiRequest('/api/logout', { method: 'POST' });
    window.location.assign('/');
  } catch (error) {
    toast({ title: 'Logout failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
  }
}
