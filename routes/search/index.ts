import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { searchSongs } from '../../src/services/catalogue/search.ts';
import { searchQuery, searchResultSchema } from '../../src/shared/schemas/search.ts';

/** Spec §7 search: `GET /api/search?q=` → `{songs}`. */
export function searchRoutes(ctx: AppContext) {
  return new Elysia({ name: 'search-routes' })
    .use(ctx.auth)
    // No signedInFirst transform: this query schema cannot fail, so `auth` alone gives the 401,
    // and each session check (JWT verify + a read) costs ~0.3 ms on the search hot path.
    .get('/api/search', ({ query }) => searchSongs(ctx.db, query.q), {
      auth: true,
      query: searchQuery,
      response: searchResultSchema,
    });
}
