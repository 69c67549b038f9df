import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { searchSongs } from '../../src/services/catalogue/search.ts';
import { searchQuery, searchResultSchema } from '../../src/shared/schemas/search.ts';

/** `/api/search?q=` → `{songs}`: the library's songs that match, best first. */
export function searchRoutes(ctx: AppContext) {
  return new Elysia({ name: 'search-routes', prefix: '/api/search' })
    .use(ctx.auth)
    // No signedInFirst transform: this query schema cannot fail, so `auth` alone gives the 401,
    // and each session check (JWT verify + a read) costs ~0.3 ms on the search hot path.
    .get('', ({ query, user }) => searchSongs(ctx.db, query.q, user), {
      auth: true,
      query: searchQuery,
      response: searchResultSchema,
    });
}
