import type { Credentials } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/**
 * Signing in, creating an account and signing out. No react-query here: the login page loads
 * this module and nothing of the signed-in app.
 */
export const sessionPaths = {
  login: '/api/login',
  register: '/api/register',
  logout: '/api/logout',
};

export const sessionApi = {
  login: (credentials: Credentials) => apiRequest(sessionPaths.login, { method: 'POST', body: credentials, expect: 'user' }),
  /** Creates a member account and signs it in. */
  register: (credentials: Credentials) => apiRequest(sessionPaths.register, { method: 'POST', body: credentials, expect: 'user' }),
  logout: () => apiRequest(sessionPaths.logout, { method: 'POST' }),
};
