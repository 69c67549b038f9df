import { Elysia } from 'elysia';
import type { Config } from '../config.ts';
import { ForbiddenError } from '../errors.ts';
import { requestOrigin } from './client-ip.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where a request says it came from: Origin, else the origin of Referer, else nothing. */
function sourceOrigin(request: Request): string | null {
  const origin = request.headers.get('origin');
  if (origin) return origin;
  const referer = request.headers.get('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Security headers on every response, and refusal (403) of state-changing requests whose
 * Origin or Referer names another site. Requests with neither (curl, the CLI) pass: a
 * browser always sends Origin on cross-site POST/PATCH/DELETE.
 */
export function securityPlugin(config: Pick<Config, 'publicUrl' | 'trustProxy'>) {
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null;
  return new Elysia({ name: 'security' })
    .onRequest(({ request, set }) => {
      set.headers['x-content-type-options'] = 'nosniff';
      set.headers['referrer-policy'] = 'strict-origin-when-cross-origin';
      set.headers['x-frame-options'] = 'DENY';
      if (SAFE_METHODS.has(request.method)) return;
      // The Subsonic API signs each request with an app password, never a cookie: no CSRF to stop.
      if (new URL(request.url).pathname.startsWith('/rest/')) return;
      const source = sourceOrigin(request);
      if (source === null) return;
      if (source === publicOrigin || source === requestOrigin(request, config.trustProxy)) return;
      throw new ForbiddenError('Cross-site requests are not allowed');
    })
    .as('global');
}
