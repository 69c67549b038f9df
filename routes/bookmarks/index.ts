import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { parseId } from '../../src/services/catalogue/ids.ts';
import { SONG_NOT_FOUND } from '../../src/services/catalogue/songs.ts';
import { continueListening, saveListeningPosition } from '../../src/services/play-queue/continue-listening.ts';
import { bookmarkBody, bookmarkListSchema, bookmarkParams } from '../../src/shared/schemas/bookmark.ts';
import { signedInFirst } from '../gate.ts';

/** `/api/bookmarks`: the signed-in person's Continue listening, the same rows as Subsonic's bookmarks. */
export function bookmarkRoutes(ctx: AppContext) {
  return new Elysia({ name: 'bookmark-routes', prefix: '/api/bookmarks' })
    .use(ctx.auth)
    .get('', ({ user }) => continueListening(ctx.db, user), { auth: true, response: bookmarkListSchema })
    .put(
      '/:songId',
      ({ user, params, body, set }) => {
        saveListeningPosition(ctx.db, user, parseId(params.songId, SONG_NOT_FOUND), body.positionMs, ctx.now());
        set.status = 204;
      },
      { auth: true, transform: signedInFirst, params: bookmarkParams, body: bookmarkBody },
    );
}
