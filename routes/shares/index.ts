import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { NotFoundError } from '../../src/errors.ts';
import { findAlbumShare, findPlaylistShare, findSongShare } from '../../src/services/shares/index.ts';
import { albumShareSchema, playlistShareSchema, shareIdParams } from '../../src/shared/schemas/share.ts';
import { songSchema } from '../../src/shared/schemas/song.ts';

/** Found, or the one 404 that missing, expired and forbidden all share. */
function found<T>(value: T | null, message: string): T {
  if (value === null) throw new NotFoundError(message);
  return value;
}

/** Spec §7 Sharing: public reads of a shared song, album or playlist. No session needed. */
export function shareRoutes(ctx: AppContext) {
  return new Elysia({ name: 'share-routes' })
    .get('/api/share/song/:shareId', ({ params }) => found(findSongShare(ctx.db, params.shareId), 'Share not found'), {
      params: shareIdParams,
      response: songSchema,
    })
    .get('/api/share/album/:shareId', ({ params }) => found(findAlbumShare(ctx.db, params.shareId), 'Album not found'), {
      params: shareIdParams,
      response: albumShareSchema,
    })
    .get(
      '/api/share/playlist/:shareId',
      ({ params }) => found(findPlaylistShare(ctx.db, params.shareId), 'Playlist not found'),
      { params: shareIdParams, response: playlistShareSchema },
    );
}
