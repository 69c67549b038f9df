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
import { deleteAlbumForever, restoreDeletedAlbum } from '../../src/services/trash/trash.ts';
import { albumListSchema, albumNameBody, albumSchema } from '../../src/shared/schemas/album.ts';
import { idParams } from '../../src/shared/schemas/common.ts';
import { songListSchema } from '../../src/shared/schemas/song.ts';
import { adminFirst, signedInFirst } from '../gate.ts';

const albumId = (raw: string) => parseId(raw, ALBUM_NOT_FOUND);

/** `/api/albums`: anyone signed in reads; admins create, rename, trash, restore and delete forever. */
export function albumRoutes(ctx: AppContext) {
  const now = () => new Date(ctx.now());
  const admin = { admin: true, transform: adminFirst } as const;
  return new Elysia({ name: 'album-routes', prefix: '/api/albums' })
    .use(ctx.auth)
    .get('', ({ user }) => listAlbums(ctx.db, user), { auth: true, response: albumListSchema })
    .get('/:id', ({ params, user }) => toAlbumDto(requireVisibleAlbum(ctx.db, albumId(params.id), user)), {
      auth: true,
      transform: signedInFirst,
      params: idParams,
      response: albumSchema,
    })
    .get(
      '/:id/songs',
      ({ params, user }) => listSongsOfAlbum(ctx.db, requireVisibleAlbum(ctx.db, albumId(params.id), user).id, user),
      { auth: true, transform: signedInFirst, params: idParams, response: songListSchema },
    )
    .post(
      '',
      ({ body, user, set }) => {
        set.status = 201;
        return createAlbum(ctx.db, body.name, user.id);
      },
      { ...admin, body: albumNameBody, response: { 201: albumSchema } },
    )
    .patch('/:id', ({ params, body }) => renameAlbum(ctx.db, albumId(params.id), body.name, now()), {
      ...admin,
      params: idParams,
      body: albumNameBody,
      response: albumSchema,
    })
    .delete(
      '/:id',
      ({ params, set }) => {
        trashAlbum(ctx.db, albumId(params.id), now());
        set.status = 204;
      },
      { ...admin, params: idParams },
    )
    .post('/:id/restore', ({ params }) => restoreDeletedAlbum(ctx.db, albumId(params.id), now()), {
      ...admin,
      params: idParams,
      response: albumSchema,
    })
    .delete(
      '/:id/permanent',
      ({ params, set }) => {
        deleteAlbumForever(ctx.db, albumId(params.id));
        set.status = 204;
      },
      { ...admin, params: idParams },
    );
}
