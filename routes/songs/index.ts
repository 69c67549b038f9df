import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { listAllSongs, listLibrary } from '../../src/services/catalogue/songs.ts';
import { songList } from './model.ts';

/** Spec §7 Songs: the library, the admin list, edits, status, trash and bulk actions. */
export function songRoutes(ctx: AppContext) {
  return new Elysia({ name: 'song-routes' })
    .use(ctx.auth)
    .get('/api/songs', () => listLibrary(ctx.db), { auth: true, response: songList })
    .get('/api/songs/all', () => listAllSongs(ctx.db), { admin: true, response: songList });
}
