import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { ALBUM_NOT_FOUND } from '../../src/services/catalogue/albums.ts';
import { parseId } from '../../src/services/catalogue/ids.ts';
import { SONG_NOT_FOUND } from '../../src/services/catalogue/songs.ts';
import {
  deleteAlbumForever,
  deleteSongForever,
  listDeletedAlbums,
  listDeletedSongs,
  restoreDeletedAlbum,
  restoreDeletedSong,
} from '../../src/services/trash/trash.ts';
import { albumSchema } from '../../src/shared/schemas/album.ts';
import { songSchema } from '../../src/shared/schemas/song.ts';
import { deletedAlbumListSchema, deletedSongListSchema } from '../../src/shared/schemas/trash.ts';
import { adminFirst } from '../songs/gate.ts';
import { idParams } from '../../src/shared/schemas/common.ts';

/** Spec §7 Trash (admins): what is in Deleted, restore, and delete forever. */
export function trashRoutes(ctx: AppContext) {
  const admin = { admin: true, transform: adminFirst } as const;
  const songId = (raw: string) => parseId(raw, SONG_NOT_FOUND);
  const albumId = (raw: string) => parseId(raw, ALBUM_NOT_FOUND);
  return new Elysia({ name: 'trash-routes' })
    .use(ctx.auth)
    .get('/api/deleted/songs', () => listDeletedSongs(ctx.db, ctx.now()), { ...admin, response: deletedSongListSchema })
    .get('/api/deleted/albums', () => listDeletedAlbums(ctx.db, ctx.now()), { ...admin, response: deletedAlbumListSchema })
    .post(
      '/api/songs/:id/restore',
      ({ params }) => restoreDeletedSong(ctx.db, songId(params.id), new Date(ctx.now())),
      { ...admin, params: idParams, response: songSchema },
    )
    .post(
      '/api/albums/:id/restore',
      ({ params }) => restoreDeletedAlbum(ctx.db, albumId(params.id), new Date(ctx.now())),
      { ...admin, params: idParams, response: albumSchema },
    )
    .delete(
      '/api/songs/:id/permanent',
      ({ params, set }) => {
        deleteSongForever(ctx.db, songId(params.id));
        set.status = 204;
      },
      { ...admin, params: idParams },
    )
    .delete(
      '/api/albums/:id/permanent',
      ({ params, set }) => {
        deleteAlbumForever(ctx.db, albumId(params.id));
        set.status = 204;
      },
      { ...admin, params: idParams },
    );
}
