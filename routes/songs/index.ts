import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { parseId } from '../../src/services/catalogue/ids.ts';
import { bulkSongs, editSong, parseBulkAction, setSongStatus, trashSong } from '../../src/services/catalogue/song-edits.ts';
import { createSongListCache } from '../../src/services/catalogue/song-list-cache.ts';
import { SONG_NOT_FOUND } from '../../src/services/catalogue/songs.ts';
import { adminFirst } from './gate.ts';
import { songListResponse } from './song-list-response.ts';
import { idParams } from '../../src/shared/schemas/common.ts';
import { bulkBody, bulkParams, bulkResultSchema, songPatchBody, songSchema, statusBody } from '../../src/shared/schemas/song.ts';

const songId = (raw: string) => parseId(raw, SONG_NOT_FOUND);

/** Spec §7 Songs: the library, the admin list, edits, status, trash and bulk actions. */
export function songRoutes(ctx: AppContext) {
  const now = () => new Date(ctx.now());
  const admin = { admin: true, transform: adminFirst } as const;
  const lists = createSongListCache(ctx.db);
  return new Elysia({ name: 'song-routes' })
    .use(ctx.auth)
    // The two big lists answer from a per-version cache of gzipped JSON (song-list-response.ts).
    // No response schema: checking 50,000 DTOs costs ~65 ms, and songDtoFromValues builds the
    // exact shape (src/services/catalogue/song-values.test.ts).
    .get('/api/songs', ({ request }) => songListResponse(request, lists, 'library'), { auth: true })
    .get('/api/songs/all', ({ request }) => songListResponse(request, lists, 'admin'), { admin: true })
    .patch('/api/songs/:id', ({ params, body }) => editSong(ctx.db, songId(params.id), body, now()), {
      ...admin,
      params: idParams,
      body: songPatchBody,
      response: songSchema,
    })
    .patch(
      '/api/songs/:id/status',
      ({ params, body }) => setSongStatus(ctx.db, songId(params.id), body.status, now()),
      { ...admin, params: idParams, body: statusBody, response: songSchema },
    )
    .delete(
      '/api/songs/:id',
      ({ params, set }) => {
        trashSong(ctx.db, songId(params.id), now());
        set.status = 204;
      },
      { ...admin, params: idParams },
    )
    .post(
      '/api/songs/bulk/:action',
      ({ params, body }) => bulkSongs(ctx.db, parseBulkAction(params.action), body.songIds, now()),
      { ...admin, params: bulkParams, body: bulkBody, response: bulkResultSchema },
    );
}
