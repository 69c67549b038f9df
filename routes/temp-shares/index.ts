import { Elysia } from 'elysia';
import { receiveMultipart } from '../../media/upload.ts';
import { MAX_AUDIO_UPLOAD_BYTES } from '../../src/shared/upload-limits.ts';
import type { AppContext } from '../../src/app-context.ts';
import { NotFoundError } from '../../src/errors.ts';
import { clientIp } from '../../src/http/client-ip.ts';
import { findTempShare } from '../../src/services/shares/index.ts';
import { createGuestQuota } from '../../src/services/shares/guest-quota.ts';
import { assertGuestMayUpload, createTempShare, guestShareLimiter, listAllTempShares, removeTempShare } from '../../src/services/shares/temp-shares.ts';
import { shareIdParams, tempShareSchema } from '../../src/shared/schemas/share.ts';
import { adminTempShareListSchema, tempShareIdParams } from '../../src/shared/schemas/temp-share-admin.ts';

/**
 * Temporary shares: anyone uploads one file (`/api/temp-share`, read back by its share id);
 * admins pick expiry, list and delete (`/api/temp-shares`). Two spellings, so the prefix is `/api`.
 */
export function tempShareRoutes(ctx: AppContext) {
  const { storage } = ctx;
  const limiter = guestShareLimiter(ctx.db);
  const quota = ctx.config.anonShareQuotaBytes;
  const guestQuota = createGuestQuota(ctx.db, quota);

  const receiveOptions = () => ({ tempPath: storage.tempPath(), maxBytes: MAX_AUDIO_UPLOAD_BYTES, tooLargeMessage: 'The file exceeds the 100MB size limit' });

  return new Elysia({ name: 'temp-share-routes', prefix: '/api' })
    .use(ctx.auth)
    .post(
      '/temp-share',
      async ({ request, server, currentSession, set }) => {
        const user = (await currentSession())?.user ?? null;
        const ip = clientIp(request, server, ctx.config.trustProxy);
        if (!user) assertGuestMayUpload(ctx.db, limiter, ip, quota, ctx.now());
        if (!user) limiter.record(ip, ctx.now());
        // Held from before the body is read until the row counts the bytes (or it fails).
        const hold = user ? null : guestQuota.reserve(Number(request.headers.get('content-length') ?? 0));
        try {
          const form = await receiveMultipart(request, { ...receiveOptions(), onBodyBytes: hold?.cover });
          const uploader = { userId: user?.id ?? null, isAdmin: user?.isAdmin === true, ip };
          set.status = 201;
          return await createTempShare(ctx.db, storage, form, uploader, ctx.now());
        } finally {
          hold?.release();
        }
      },
      { parse: 'none', response: { 201: tempShareSchema } },
    )
    .get(
      '/temp-share/:shareId',
      ({ params }) => {
        const share = findTempShare(ctx.db, params.shareId, ctx.now());
        if (!share) throw new NotFoundError('Share not found');
        return share;
      },
      { params: shareIdParams, response: tempShareSchema },
    )
    .get('/temp-shares', () => listAllTempShares(ctx.db), { admin: true, response: adminTempShareListSchema })
    .delete(
      '/temp-shares/:id',
      async ({ params, set }) => {
        if (!/^[1-9]\d{0,15}$/.test(params.id)) throw new NotFoundError('Share not found');
        await removeTempShare(ctx.db, storage, Number(params.id));
        set.status = 204;
      },
      { admin: true, params: tempShareIdParams },
    );
}
