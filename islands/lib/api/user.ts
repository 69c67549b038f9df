import type { DisplayPreference, DisplayPreferenceChange } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/** `/api/user`: the signed-in user (kept for the offline app) and their display preference. */
export const userPaths = {
  me: '/api/user',
  displayPreference: '/api/user/display-preference',
};

export const userKeys = {
  /** Seeded from the server render by the app shell. */
  me: ['user'] as const,
};

export const userApi = {
  me: () => apiRequest(userPaths.me, { expect: 'user' }),
  setDisplayPreference: (displayPreference: DisplayPreference) =>
    apiRequest(userPaths.displayPreference, { method: 'PATCH', body: { displayPreference } satisfies DisplayPreferenceChange, expect: 'user' }),
};
