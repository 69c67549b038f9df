import { Elysia } from 'elysia';
import { MAX_AUDIO_UPLOAD_BYTES } from '../../src/shared/upload-limits.ts';
import type { AppContext } from '../../src/app-context.ts';
import { parseId } from '../../src/services/catalogue/ids.ts';
import { bulkSongs, editSong, parseBulkAction, setSongStatus, trashSong } from '../../src/services/catalogue/song-edits.ts';
import { adminSongIds, adminSongRows } from '../../src/services/catalogue/admin-songs.ts';
import { libraryPage, visibleSongs } from '../../src/services/catalogue/library-page.ts';
import { createSongListCache } from '../../src/services/catalogue/song-list-cache.ts';
import { SONG_NOT_FOUND } from '../../src/services/catalogue/songs.ts';
import { editSongLyrics, songLyricsFor } from '../../src/services/catalogue/lyrics.ts';
import { replaceAudio } from '../../src/services/media/audio.ts';
import { deleteSongForever, restoreDeletedSong } from '../../src/services/trash/trash.ts';
import { idParams } from '../../src/shared/schemas/common.ts';
import {
  adminSongIdsQuery,
  adminSongIdsSchema,
  bulkBody,
  bulkParams,
  bulkResultSchema,
  songIdParams,
  songIdsQuery,
  songListSchema,
  songPageQuery,
  songPageSchema,
  songPatchBody,
  songSchema,
  statusBody,
} from '../../src/shared/schemas/song.ts';
import { lyricsBody, lyricsSchema } from '../../src/shared/schemas/lyrics.ts';
import { adminFirst, signedInFirst } from '../gate.ts';
import { AUDIO_TOO_LARGE, receiveUpload, requireFile } from '../upload-form.ts';
import { songListResponse } from './song-list-response.ts';

const songId = (raw: string) => parseId(raw, SONG_NOT_FOUND);

/** `/api/songs`: the library (whole, in pages or searched), the admin list (whole, or its ids and rows by id), edits, status, bulk actions, replaced audio, trash, restore and delete forever. */
export function songRoutes(ctx: AppContext) {
  const now = () => new Date(ctx.now());
  const admin = { admin: true, transform: adminFirst } as const;
  const lists = createSongListCache(ctx.db);
  const { storage } = ctx;
  return new Elysia({ name: 'song-routes', prefix: '/api/songs' })
    .use(ctx.auth)
    // The two big lists answer from a per-version cache of gzipped JSON (song-list-response.ts).
    // No response schema: checking 50,000 DTOs costs ~65 ms, and songDtoFromValues builds the
    // exact shape (src/services/catalogue/song-values.test.ts).
    .get('', ({ request, user }) => songListResponse(request, lists, 'library', user), { auth: true })
    .get('/all', ({ request, user }) => songListResponse(request, lists, 'admin', user), { admin: true })
    // Manage Songs reads these instead: its order as ids, then the rows on screen by id.
    .get('/all/ids', ({ query }) => adminSongIds(ctx.db, query), { ...admin, query: adminSongIdsQuery, response: adminSongIdsSchema })
    .get('/all/rows', ({ query }) => adminSongRows(ctx.db, query.ids), { ...admin, query: songIdsQuery, response: songListSchema })
    // The library view reads this: its first rows need one small page, not the whole list.
    // Its ETag is the library's version: the service worker copies the pages again when it changes.
    .get('/page', ({ query, user, set }) => {
      set.headers.etag = lists.currentEtag('library', user);
      return libraryPage(ctx.db, user, query.after, query.limit === undefined ? undefined : Number(query.limit), query.q);
    }, {
      auth: true,
      query: songPageQuery,
      response: songPageSchema,
    })
    // Songs kept offline are checked against this (never against the whole library).
    .get('/visible', ({ query, user }) => visibleSongs(ctx.db, user, query.ids), { auth: true, transform: signedInFirst, query: songIdsQuery, response: songListSchema })
    .get('/:id/lyrics', ({ params, user }) => songLyricsFor(ctx.db, songId(params.id), user), {
      auth: true,
      params: idParams,
      response: lyricsSchema,
    })
    // PUT: the whole text is replaced; empty text removes the lyrics (204).
    .put(
      '/:id/lyrics',
      ({ params, body, set }) => {
        const lyrics = editSongLyrics(ctx.db, songId(params.id), body.text);
        if (lyrics) return lyrics;
        set.status = 204;
      },
      { ...admin, params: idParams, body: lyricsBody },
    )
    .patch('/:id', ({ params, body }) => editSong(ctx.db, songId(params.id), body, now()), {
      ...admin,
      params: idParams,
      body: songPatchBody,
      response: songSchema,
    })
    .patch(
      '/:id/status',
      ({ params, body }) => setSongStatus(ctx.db, songId(params.id), body.status, now()),
      { ...admin, params: idParams, body: statusBody, response: songSchema },
    )
    .delete(
      '/:id',
      ({ params, set }) => {
        trashSong(ctx.db, songId(params.id), now());
        set.status = 204;
      },
      { ...admin, params: idParams },
    )
    .post(
      '/bulk/:action',
      ({ params, body }) => bulkSongs(ctx.db, parseBulkAction(params.action), body.songIds, now()),
      { ...admin, params: bulkParams, body: bulkBody, response: bulkResultSchema },
    )
    // parse 'none': the new file streams to disk instead of being parsed into memory.
    .patch(
      '/:id/audio',
      async ({ request, params }) => {
        const id = songId(params.id);
        const form = await receiveUpload(storage, request, MAX_AUDIO_UPLOAD_BYTES, AUDIO_TOO_LARGE);
        return replaceAudio(ctx.db, storage, id, requireFile(form.file), now());
      },
      { admin: true, parse: 'none', params: songIdParams, response: songSchema },
    )
    .post('/:id/restore', ({ params }) => restoreDeletedSong(ctx.db, songId(params.id), now()), {
      ...admin,
      params: idParams,
      response: songSchema,
    })
    .delete(
      '/:id/permanent',
      ({ params, set }) => {
        deleteSongForever(ctx.db, songId(params.id));
        set.status = 204;
      },
      { ...admin, params: idParams },
    );
}
