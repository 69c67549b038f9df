import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { HttpError } from '../../src/errors.ts';
import { clientIp } from '../../src/http/client-ip.ts';
import { appPasswordKey } from '../../src/services/accounts/app-passwords.ts';
import { LoginThrottle } from '../../src/services/accounts/login-throttle.ts';
import { NowPlaying } from '../../src/services/subsonic/activity.ts';
import { isApiMethod, openSubsonicExtensions, runMethod } from '../../src/services/subsonic/api.ts';
import { createLibraryIndex } from '../../src/services/subsonic/library.ts';
import { VerifiedCredentials, authenticate } from '../../src/services/subsonic/auth.ts';
import { SUBSONIC_ERROR, SubsonicError, fromHttpStatus } from '../../src/services/subsonic/errors.ts';
import { Params } from '../../src/services/subsonic/params.ts';
import { subsonicMedia } from './media.ts';
import { respond, respondError } from './respond.ts';

const MAX_FORM_BYTES = 64 * 1024;

/** Query string plus, for POST (OpenSubsonic formPost), the urlencoded body; bounded. */
async function readParams(request: Request, url: URL): Promise<Params> {
  const params = url.searchParams;
  if (request.method !== 'POST') return new Params(params);
  const type = request.headers.get('content-type') ?? '';
  if (type && !type.startsWith('application/x-www-form-urlencoded')) {
    throw new SubsonicError(SUBSONIC_ERROR.generic, 'Send parameters as application/x-www-form-urlencoded', 415);
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) throw tooLarge();
  for (const [name, value] of new URLSearchParams(await boundedText(request))) params.append(name, value);
  return new Params(params);
}

const tooLarge = () => new SubsonicError(SUBSONIC_ERROR.generic, 'The request is too large', 413);

/** The body as text, given up past MAX_FORM_BYTES while it arrives (a chunked body names no length). */
async function boundedText(request: Request): Promise<string> {
  if (!request.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > MAX_FORM_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The Subsonic / OpenSubsonic API for phone apps under /rest/ (with or without `.view`, GET or
 * POST form bodies). Signed in per request with an app password or API key, never a cookie;
 * sees exactly what GET /api/songs shows. Errors are Subsonic envelopes, not `{"error"}`.
 */
export function subsonicRoutes(ctx: AppContext) {
  const deps = { db: ctx.db, key: appPasswordKey(ctx.secret), throttle: new LoginThrottle(ctx.db, ctx.secret), verified: new VerifiedCredentials() };
  const libraries = createLibraryIndex(ctx.db);
  const media = subsonicMedia(ctx, ctx.ffmpeg, libraries);
  const nowPlaying = new NowPlaying();
  const bytes: Record<string, (request: Request, params: Params) => Promise<Response>> = {
    stream: media.stream,
    download: media.download,
    getCoverArt: media.coverArt,
  };

  const handle = async (request: Request, rawMethod: string, server: Parameters<typeof clientIp>[1]) => {
    const method = rawMethod.replace(/\.view$/, '');
    const url = new URL(request.url);
    const query = url.searchParams;
    let [format, callback] = [query.get('f') ?? undefined, query.get('callback') ?? undefined];
    try {
      const params = await readParams(request, url);
      [format, callback] = [params.get('f'), params.get('callback')];
      if (method === 'getOpenSubsonicExtensions') return respond(request, format, callback, 'ok', openSubsonicExtensions());
      const now = ctx.now();
      const user = authenticate(deps, params, clientIp(request, server, ctx.config.trustProxy), now);
      const answer = Object.hasOwn(bytes, method) ? bytes[method]! : null;
      if (answer) return await answer(request, params);
      if (!isApiMethod(method)) throw new SubsonicError(SUBSONIC_ERROR.notFound, `Unknown method: ${method.slice(0, 60)}`, 404);
      return respond(request, format, callback, 'ok', runMethod(method, { db: ctx.db, user, params, now, nowPlaying, libraries }));
    } catch (error) {
      if (error instanceof SubsonicError) return respondError(request, format, callback, error);
      if (error instanceof HttpError) return respondError(request, format, callback, fromHttpStatus(error.status, error.message));
      throw error;
    }
  };

  return new Elysia({ name: 'subsonic-routes' })
    .get('/rest/:method', ({ request, params, server }) => handle(request, params.method, server))
    .post('/rest/:method', ({ request, params, server }) => handle(request, params.method, server), { parse: 'none' })
    .head('/rest/:method', ({ request, params, server }) => handle(request, params.method, server));
}
