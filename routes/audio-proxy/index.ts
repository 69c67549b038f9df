import { Elysia } from 'elysia';
import { proxyAudio } from '../../media/proxy.ts';
import type { AppContext } from '../../src/app-context.ts';
import { audioProxyQuery } from '../../src/shared/schemas/media.ts';

/**
 * `/api/audio/proxy?url=`: audio from allow-listed origins only (MEDIA_PROXY_ALLOW). Off by default,
 * and for signed-in family members only: it is never an open relay for the world.
 */
export function audioProxyRoutes(ctx: AppContext) {
  return new Elysia({ name: 'audio-proxy-routes', prefix: '/api/audio' })
    .use(ctx.auth)
    .get('/proxy', ({ query, request }) => proxyAudio(query.url, request, { allow: ctx.config.mediaProxyAllow }), {
      auth: true,
      query: audioProxyQuery,
    });
}
