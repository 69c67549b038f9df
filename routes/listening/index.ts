import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { parseId } from '../../src/services/catalogue/ids.ts';
import { SONG_NOT_FOUND } from '../../src/services/catalogue/songs.ts';
import { favouriteSongs, recentlyPlayed, recordPlay, starSong, unstarSong } from '../../src/services/subsonic/listening.ts';
import { favouriteParams, playBody, recentPlayListSchema } from '../../src/shared/schemas/listening.ts';
import { songListSchema } from '../../src/shared/schemas/song.ts';
import { signedInFirst } from '../gate.ts';

/**
 * The signed-in user's `/api/favourites`, `/api/recently-played` and `/api/plays` (the same rows
 * as the Subsonic API's star and scrobble): three small resources, so the prefix is `/api`.
 */
export function listeningRoutes(ctx: AppContext) {
  const member = { auth: true, transform: signedInFirst } as const;
  const songId = (raw: string) => parseId(raw, SONG_NOT_FOUND);
  return new Elysia({ name: 'listening-routes', prefix: '/api' })
    .use(ctx.auth)
    .get('/favourites', ({ user }) => favouriteSongs(ctx.db, user), { auth: true, response: songListSchema })
    .put(
      '/favourites/:songId',
      ({ user, params, set }) => {
        starSong(ctx.db, user, songId(params.songId), ctx.now());
        set.status = 204;
      },
      { ...member, params: favouriteParams },
    )
    .delete(
      '/favourites/:songId',
      ({ user, params, set }) => {
        unstarSong(ctx.db, user.id, songId(params.songId));
        set.status = 204;
      },
      { ...member, params: favouriteParams },
    )
    .get('/recently-played', ({ user }) => recentlyPlayed(ctx.db, user), { auth: true, response: recentPlayListSchema })
    .post(
      '/plays',
      ({ user, body, set }) => {
        recordPlay(ctx.db, user, body.songId, ctx.now());
        set.status = 204;
      },
      { ...member, body: playBody },
    );
}
