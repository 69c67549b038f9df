import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import {
  ALBUM_NOT_FOUND,
  createAlbum,
  listAlbums,
  renameAlbum,
  requireVisibleAlbum,
  trashAlbum,
} from '../../src/services/catalogue/albums.ts';
import { toAlbumDto } from '../../src/services/catalogue/dto.ts';
import { parseId } from '../../src/services/catalogue/ids.ts';
import { listSongsOfAlbum } from '../../src/services/catalogue/songs.ts';
import { adminFirst, signedInFirst } from '../songs/gate.ts';
import { albumListSchema, albumNameBody, albumSchema } from '../../src/shared/schemas/album.ts';
import { idParams } from '../../src/shared/schemas/common.ts';
import { songListSchema } from '../../src/shared/schemas/song.ts';

const albumId = (raw: string) => parseId(raw, ALBUM_NOT_FOUND);

/** Spec §7 Albums: anyone signed in reads; admins create, rename and trash. */
export function albumRoutes(ctx: AppContext) {
  return new Elysia({ name: 'album-routes' })
    .use(ctx.auth)
    .get('/api/albums', ({ user }) => listAlbums(ctx.db, user), { auth: true, response: albumListSchema })
    .get('/api/albums/:id', ({ params, user }) => toAlbumDto(requireVisibleAlbum(ctx.db, albumId(params.id), user)), {
      auth: true,
      transform: signedInFirst,
      params: idParams,
      response: albumSchema,
    })
    .get(
      '/api/albums/:id/songs',
      ({ params, user }) => listSongsOfAlbum(ctx.db, requireVisibleAlbum(ctx.db, albumId(params.id), user).id),
      { auth: true, transform: signedInFirst, params: idParams, response: songListSchema },
    )
    .post(
      '/api/albums',
      ({ body, user, set }) => {
        set.status = 201;
        return createAlbum(ctx.db, body.name, user.id);
      },
      { admin: true, transform: adminFirst, body: albumNameBody, response: { 201: albumSchema } },
    )
    .patch(
      '/api/albums/:id',
      ({ params, body }) => renameAlbum(ctx.db, albumId(params.id), body.name, new Date(ctx.now())),
      { admin: true, transform: adminFirst, params: idParams, body: albumNameBody, response: albumSchema },
    )
    .delete(
      '/api/albums/:id',
      ({ params, set }) => {
        trashAlbum(ctx.db, albumId(params.id), new Date(ctx.now()));
        set.status = 204;
      },
      { admin: true, transform: adminFirst, params: idParams },
    );
}
