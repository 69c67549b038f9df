import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { NotFoundError } from '../../src/errors.ts';
import { LYRICS_NOT_FOUND } from '../../src/services/catalogue/lyrics.ts';
import { findAlbumShare, findPlaylistShare, findSongShare } from '../../src/services/shares/index.ts';
import { findSharedLyrics } from '../../src/services/shares/lyrics.ts';
import { lyricsSchema } from '../../src/shared/schemas/lyrics.ts';
import { albumShareSchema, playlistShareSchema, shareIdParams, shareSongParams } from '../../src/shared/schemas/share.ts';
import { songSchema } from '../../src/shared/schemas/song.ts';

/** Found, or the one 404 that missing, expired and forbidden all share. */
function found<T>(value: T | null, message: string): T {
  if (value === null) throw new NotFoundError(message);
  return value;
}

/** `/api/share`: public reads of a shared song, album or playlist, and their songs' lyrics. No session needed. */
export function shareRoutes(ctx: AppContext) {
  return new Elysia({ name: 'share-routes', prefix: '/api/share' })
    .get('/song/:shareId', ({ params }) => found(findSongShare(ctx.db, params.shareId), 'Share not found'), {
      params: shareIdParams,
      response: songSchema,
    })
    .get('/album/:shareId', ({ params }) => found(findAlbumShare(ctx.db, params.shareId), 'Album not found'), {
      params: shareIdParams,
      response: albumShareSchema,
    })
    .get(
      '/playlist/:shareId',
      ({ params }) => found(findPlaylistShare(ctx.db, params.shareId), 'Playlist not found'),
      { params: shareIdParams, response: playlistShareSchema },
    )
    .get('/song/:shareId/lyrics', ({ params }) => found(findSharedLyrics(ctx.db, 'song', params.shareId, null), LYRICS_NOT_FOUND), {
      params: shareIdParams,
      response: lyricsSchema,
    })
    .get('/album/:shareId/songs/:songId/lyrics', ({ params }) => found(findSharedLyrics(ctx.db, 'album', params.shareId, params.songId), LYRICS_NOT_FOUND), {
      params: shareSongParams,
      response: lyricsSchema,
    })
    .get('/playlist/:shareId/songs/:songId/lyrics', ({ params }) => found(findSharedLyrics(ctx.db, 'playlist', params.shareId, params.songId), LYRICS_NOT_FOUND), {
      params: shareSongParams,
      response: lyricsSchema,
    });
}
