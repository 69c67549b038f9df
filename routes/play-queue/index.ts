import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { BadRequestError } from '../../src/errors.ts';
import { toPlayQueueDto } from '../../src/services/play-queue/queue-dto.ts';
import { readSavedQueue, saveUnlessOlder } from '../../src/services/play-queue/saved-queue.ts';
import { playQueueBody, playQueueConflictSchema, playQueueSchema } from '../../src/shared/schemas/play-queue.ts';
import { signedInFirst } from '../gate.ts';

/**
 * `/api/play-queue`: the signed-in person's queue and position, the same record the Subsonic
 * apps save, so listening moves between devices. An older save than the stored one is a 409.
 */
export function playQueueRoutes(ctx: AppContext) {
  return new Elysia({ name: 'play-queue-routes', prefix: '/api/play-queue' })
    .use(ctx.auth)
    .get('', ({ user }) => toPlayQueueDto(readSavedQueue(ctx.db, user)), { auth: true, response: playQueueSchema })
    .put(
      '',
      ({ user, body, set }) => {
        if (body.songIds.length > 0 && body.index >= body.songIds.length) throw new BadRequestError('index must be a position in songIds');
        const write = { ...body, index: body.songIds.length > 0 ? body.index : null, updatedAt: new Date(body.updatedAt) };
        const result = saveUnlessOlder(ctx.db, user, write, ctx.now());
        if (result.saved) {
          set.status = 204;
          return;
        }
        set.status = 409;
        return { error: 'A newer play queue was saved on another device', queue: toPlayQueueDto(result.current) };
      },
      { auth: true, transform: signedInFirst, body: playQueueBody, response: { 409: playQueueConflictSchema } },
    );
}
