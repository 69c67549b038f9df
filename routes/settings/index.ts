import { Elysia } from 'elysia';
import { readSettings, writeSettings } from '../../db/queries/settings.ts';
import type { AppContext } from '../../src/app-context.ts';
import { settingsBody, settingsResponse } from './model.ts';

/** Instance settings, admin only: for now whether self-registration is open. */
export function settingsRoutes(ctx: AppContext) {
  return new Elysia({ name: 'settings-routes' })
    .use(ctx.auth)
    .get('/api/settings', () => readSettings(ctx.db), { admin: true, response: settingsResponse })
    .patch('/api/settings', ({ body }) => writeSettings(ctx.db, body), {
      admin: true,
      body: settingsBody,
      response: settingsResponse,
    });
}
