import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { listDeletedAlbums, listDeletedSongs } from '../../src/services/trash/trash.ts';
import { deletedAlbumListSchema, deletedSongListSchema } from '../../src/shared/schemas/trash.ts';
import { adminFirst } from '../gate.ts';

/**
 * `/api/deleted` (admins): what is in Deleted. Restoring and deleting forever are actions on
 * the item itself, under /api/songs and /api/albums.
 */
export function deletedRoutes(ctx: AppContext) {
  const admin = { admin: true, transform: adminFirst } as const;
  return new Elysia({ name: 'deleted-routes', prefix: '/api/deleted' })
    .use(ctx.auth)
    .get('/songs', () => listDeletedSongs(ctx.db, ctx.now()), { ...admin, response: deletedSongListSchema })
    .get('/albums', () => listDeletedAlbums(ctx.db, ctx.now()), { ...admin, response: deletedAlbumListSchema });
}
