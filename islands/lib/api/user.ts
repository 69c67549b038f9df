import type { DisplayPreference, DisplayPreferenceChange, PasswordChange, PinChange } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/** `/api/user`: the signed-in user (kept for the offline app), their display preference, password and profile PIN. */
export const userPaths = {
  me: '/api/user',
  displayPreference: '/api/user/display-preference',
  password: '/api/user/password',
  pin: '/api/user/pin',
};

export const userKeys = {
  /** Seeded from the server render by the app shell. */
  me: ['user'] as const,
  pin: ['user', 'pin'] as const,
};

export const userApi = {
  me: () => apiRequest(userPaths.me, { expect: 'user' }),
  setDisplayPreference: (displayPreference: DisplayPreference) =>
    apiRequest(userPaths.displayPreference, { method: 'PATCH', body: { displayPreference } satisfies DisplayPreferenceChange, expect: 'user' }),
  /** Signs the user's other sessions out; this one stays. */
  changePassword: (change: PasswordChange) => apiRequest(userPaths.password, { method: 'PATCH', body: change, expect: 'user' }),
  /** Whether the user has a profile PIN (asked before a shared device switches to them). */
  pinState: () => apiRequest(userPaths.pin, { expect: 'pinState' }),
  /** Sets (a PIN) or clears (null) the profile PIN; needs the password. */
  changePin: (change: PinChange) => apiRequest(userPaths.pin, { method: 'PUT', body: change, expect: 'pinState' }),
};
