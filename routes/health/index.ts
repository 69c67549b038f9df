import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';

/** GET /healthz for supervisors: 200 when the database answers, 503 otherwise. */
export function healthRoutes(ctx: AppContext) {
  return new Elysia({ name: 'health-routes' }).get('/healthz', ({ set }) => {
    try {
      ctx.db.$client.query('SELECT 1').get();
      return { status: 'ok' };
    } catch {
      set.status = 503;
      return { status: 'unavailable' };
    }
  });
}
