import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { parseId } from '../../src/services/catalogue/ids.ts';
import { SONG_NOT_FOUND } from '../../src/services/catalogue/songs.ts';
import { addSongToPlaylist, removeSongFromPlaylist, reorderPlaylist } from '../../src/services/playlists/entries.ts';
import {
  PLAYLIST_NOT_FOUND,
  createPlaylist,
  getPlaylist,
  getPlaylistSongs,
  listMyPlaylistIdsWithSong,
  listMyPlaylists,
  renamePlaylist,
  trashPlaylist,
} from '../../src/services/playlists/playlists.ts';
import { signedInFirst } from '../gate.ts';
import { idParams } from '../../src/shared/schemas/common.ts';
import { addSongBody, containingParams, entryParams, playlistIdsSchema, playlistListSchema, playlistNameBody, playlistSchema, reorderBody } from '../../src/shared/schemas/playlist.ts';
import { songListSchema } from '../../src/shared/schemas/song.ts';

const playlistId = (raw: string) => parseId(raw, PLAYLIST_NOT_FOUND);

/** `/api/playlists`: owners (and admins) change them; any family member may view one. */
export function playlistRoutes(ctx: AppContext) {
  const now = () => new Date(ctx.now());
  const member = { auth: true, transform: signedInFirst } as const;
  return new Elysia({ name: 'playlist-routes', prefix: '/api/playlists' })
    .use(ctx.auth)
    .get('', ({ user }) => listMyPlaylists(ctx.db, user), { auth: true, response: playlistListSchema })
    .post(
      '',
      ({ body, user, set }) => {
        set.status = 201;
        return createPlaylist(ctx.db, user, body.name);
      },
      { ...member, body: playlistNameBody, response: { 201: playlistSchema } },
    )
    .get('/containing/:songId', ({ params, user }) => listMyPlaylistIdsWithSong(ctx.db, user, parseId(params.songId, SONG_NOT_FOUND)), {
      ...member,
      params: containingParams,
      response: playlistIdsSchema,
    })
    .get('/:id', ({ params, user }) => getPlaylist(ctx.db, playlistId(params.id), user), {
      ...member,
      params: idParams,
      response: playlistSchema,
    })
    .patch(
      '/:id',
      ({ params, body, user }) => renamePlaylist(ctx.db, playlistId(params.id), user, body.name, now()),
      { ...member, params: idParams, body: playlistNameBody, response: playlistSchema },
    )
    .delete(
      '/:id',
      ({ params, user, set }) => {
        trashPlaylist(ctx.db, playlistId(params.id), user, now());
        set.status = 204;
      },
      { ...member, params: idParams },
    )
    .get('/:id/songs', ({ params, user }) => getPlaylistSongs(ctx.db, playlistId(params.id), user), {
      ...member,
      params: idParams,
      response: songListSchema,
    })
    .post(
      '/:id/songs',
      ({ params, body, user, set }) => {
        const songs = addSongToPlaylist(ctx.db, playlistId(params.id), body.songId, user);
        set.status = 201;
        return songs;
      },
      { ...member, params: idParams, body: addSongBody, response: { 201: songListSchema } },
    )
    .put(
      '/:id/songs',
      ({ params, body, user }) => reorderPlaylist(ctx.db, playlistId(params.id), body.songIds, user),
      { ...member, params: idParams, body: reorderBody, response: songListSchema },
    )
    .delete(
      '/:id/songs/:songId',
      ({ params, user, set }) => {
        const songId = parseId(params.songId, SONG_NOT_FOUND);
        removeSongFromPlaylist(ctx.db, playlistId(params.id), songId, user);
        set.status = 204;
      },
      { ...member, params: entryParams },
    );
}
