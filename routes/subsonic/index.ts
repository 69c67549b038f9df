import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { HttpError } from '../../src/errors.ts';
import { clientIp, requestOrigin } from '../../src/http/client-ip.ts';
import { appPasswordKey } from '../../src/services/accounts/app-passwords.ts';
import { ApiSignInThrottle } from '../../src/services/accounts/api-sign-in-throttle.ts';
import { NowPlaying } from '../../src/services/subsonic/activity.ts';
import { findMethod, runMethod } from '../../src/services/subsonic/api.ts';
import { createLibraryIndex } from '../../src/services/subsonic/library.ts';
import { LibraryScanner } from '../../src/services/media/library-scan.ts';
import { VerifiedCredentials, authenticate } from '../../src/services/subsonic/auth.ts';
import { SUBSONIC_ERROR, SubsonicError, fromHttpStatus } from '../../src/services/subsonic/errors.ts';
import { subsonicMedia } from './media.ts';
import { readParams } from './read-params.ts';
import { respond, respondError } from './respond.ts';

/**
 * The Subsonic / OpenSubsonic API for phone apps under /rest/ (with or without `.view`, GET or
 * POST form bodies). Signed in per request with an app password or API key, never a cookie;
 * sees exactly what GET /api/songs shows. Errors are Subsonic envelopes, not `{"error"}`.
 */
export function subsonicRoutes(ctx: AppContext) {
  const deps = { db: ctx.db, key: appPasswordKey(ctx.secret), throttle: new ApiSignInThrottle(ctx.db), verified: new VerifiedCredentials() };
  const libraries = createLibraryIndex(ctx.db);
  const media = subsonicMedia(ctx, ctx.ffmpeg, libraries);
  const nowPlaying = new NowPlaying();
  const scanner = new LibraryScanner(ctx.db, ctx.storage, ctx.log, ctx.now);

  const handle = async (request: Request, rawMethod: string, server: Parameters<typeof clientIp>[1]) => {
    const method = rawMethod.replace(/\.view$/, '');
    const url = new URL(request.url);
    const query = url.searchParams;
    let [format, callback] = [query.get('f') ?? undefined, query.get('callback') ?? undefined];
    try {
      const params = await readParams(request, url);
      [format, callback] = [params.get('f'), params.get('callback')];
      // The method table (src/services/subsonic/api.ts) says who may call a method and what it answers.
      const found = findMethod(method);
      if (found?.signIn === false) return respond(request, format, callback, 'ok', found.run());
      const now = ctx.now();
      const user = authenticate(deps, params, clientIp(request, server, ctx.config.trustProxy), now);
      if (!found) throw new SubsonicError(SUBSONIC_ERROR.notFound, `Unknown method: ${method.slice(0, 60)}`, 404);
      if (found.answers === 'bytes') return await media[found.send](request, params, user);
      return respond(request, format, callback, 'ok', runMethod(found, { db: ctx.db, user, params, now, nowPlaying, libraries, scanner, origin: ctx.config.publicUrl ?? requestOrigin(request, ctx.config.trustProxy) }));
    } catch (error) {
      if (error instanceof SubsonicError) return respondError(request, format, callback, error);
      if (error instanceof HttpError) return respondError(request, format, callback, fromHttpStatus(error.status, error.message));
      throw error;
    }
  };

  return new Elysia({ name: 'subsonic-routes', prefix: '/rest' })
    .get('/:method', ({ request, params, server }) => handle(request, params.method, server))
    .post('/:method', ({ request, params, server }) => handle(request, params.method, server), { parse: 'none' })
    .head('/:method', ({ request, params, server }) => handle(request, params.method, server));
}
