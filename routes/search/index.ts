import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { searchSongs } from '../../src/services/catalogue/search.ts';
import { signedInFirst } from '../songs/gate.ts';
import { searchQuery, searchResponse } from './model.ts';

/** Spec §7 search: `GET /api/search?q=` → `{songs}`. */
export function searchRoutes(ctx: AppContext) {
  return new Elysia({ name: 'search-routes' })
    .use(ctx.auth)
    .get('/api/search', ({ query }) => searchSongs(ctx.db, query.q), {
      auth: true,
      transform: signedInFirst,
      query: searchQuery,
      response: searchResponse,
    });
}
