import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { getSettings, updateSettings } from '../../src/services/settings/settings.ts';
import { settingsBody, settingsResponse } from './model.ts';

/** Instance settings, admin only: registration, the default share expiry, the guests' quota in use. */
export function settingsRoutes(ctx: AppContext) {
  const quota = ctx.config.anonShareQuotaBytes;
  return new Elysia({ name: 'settings-routes' })
    .use(ctx.auth)
    .get('/api/settings', () => getSettings(ctx.db, quota), { admin: true, response: settingsResponse })
    .patch('/api/settings', ({ body }) => updateSettings(ctx.db, body, quota), {
      admin: true,
      body: settingsBody,
      response: settingsResponse,
    });
}
