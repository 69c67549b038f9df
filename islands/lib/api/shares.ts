import { apiRequest } from './request.ts';

/**
 * `POST /api/temp-share`: the Share Audio page's one request. Kept apart from the admins'
 * temp-shares.ts so the share page loads no react-query and nothing of the signed-in app.
 */
export const sharePaths = { create: '/api/temp-share' };

export const shareApi = {
  /** The form carries file, title, sharedBy and expiresIn. */
  create: (form: FormData) => apiRequest(sharePaths.create, { method: 'POST', body: form, expect: 'tempShare' }),
};
