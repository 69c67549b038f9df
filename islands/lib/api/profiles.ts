import type { ProfileSwitch } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/**
 * `/api/profiles`: the profiles this browser holds and switching between them. No react-query:
 * the login page shows the picker too, and it loads nothing of the signed-in app.
 */
export const profilePaths = {
  list: '/api/profiles',
  switch: '/api/profiles/switch',
};

export const profilesApi = {
  list: () => apiRequest(profilePaths.list, { expect: 'profiles' }),
  /** Makes a held profile the active one; a grown-up's needs their PIN. */
  switchTo: (choice: ProfileSwitch) => apiRequest(profilePaths.switch, { method: 'POST', body: choice, expect: 'user' }),
};
