import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { databaseAnswers } from '../../src/services/database/database-state.ts';

/**
 * GET /healthz for supervisors: 200 when the database answers, 503 otherwise; also whether
 * ffmpeg was found at start (phone apps' transcoding), with its version.
 */
export function healthRoutes(ctx: AppContext) {
  const ffmpeg = ctx.ffmpeg;
  return new Elysia({ name: 'health-routes', prefix: '/healthz' }).get('', ({ set }) => {
    if (!databaseAnswers(ctx.db)) {
      set.status = 503;
      return { status: 'unavailable' };
    }
    return { status: 'ok', ffmpeg: ffmpeg ? { available: true, version: ffmpeg.version } : { available: false } };
  });
}
