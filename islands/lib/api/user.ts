import type { DisplayPreference, DisplayPreferenceChange, PasswordChange } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/** `/api/user`: the signed-in user (kept for the offline app), their display preference and password. */
export const userPaths = {
  me: '/api/user',
  displayPreference: '/api/user/display-preference',
  password: '/api/user/password',
};

export const userKeys = {
  /** Seeded from the server render by the app shell. */
  me: ['user'] as const,
};

export const userApi = {
  me: () => apiRequest(userPaths.me, { expect: 'user' }),
  setDisplayPreference: (displayPreference: DisplayPreference) =>
    apiRequest(userPaths.displayPreference, { method: 'PATCH', body: { displayPreference } satisfies DisplayPreferenceChange, expect: 'user' }),
  /** Signs the user's other sessions out; this one stays. */
  changePassword: (change: PasswordChange) => apiRequest(userPaths.password, { method: 'PATCH', body: change, expect: 'user' }),
};
