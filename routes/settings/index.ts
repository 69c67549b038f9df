import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { getSettings, updateSettings } from '../../src/services/settings/settings.ts';
import { settingsBody, settingsResponse } from './model.ts';

/** Instance settings, admin only: for now whether self-registration is open. */
export function settingsRoutes(ctx: AppContext) {
  return new Elysia({ name: 'settings-routes' })
    .use(ctx.auth)
    .get('/api/settings', () => getSettings(ctx.db), { admin: true, response: settingsResponse })
    .patch('/api/settings', ({ body }) => updateSettings(ctx.db, body), {
      admin: true,
      body: settingsBody,
      response: settingsResponse,
    });
}
