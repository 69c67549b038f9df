import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { getSettings, updateSettings } from '../../src/services/settings/settings.ts';
import { settingsBody, settingsSchema as settingsResponse } from '../../src/shared/schemas/settings.ts';

/** Instance settings, admin only: registration, the default share expiry, the guests' quota in use, ffmpeg. */
export function settingsRoutes(ctx: AppContext) {
  const facts = { guestQuotaBytes: ctx.config.anonShareQuotaBytes, ffmpegVersion: ctx.ffmpeg?.version ?? null };
  return new Elysia({ name: 'settings-routes' })
    .use(ctx.auth)
    .get('/api/settings', () => getSettings(ctx.db, facts), { admin: true, response: settingsResponse })
    .patch('/api/settings', ({ body }) => updateSettings(ctx.db, body, facts), {
      admin: true,
      body: settingsBody,
      response: settingsResponse,
    });
}
