import { and, eq, isNull, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Db } from '../client.ts';
import { albums, songs } from '../schema/index.ts';
import { type SongWithAlbum, perDb } from './songs.ts';

// The FTS5 table of migration 0001, described here only to query it (kept out of db/schema so
// drizzle-kit never tries to create it as a plain table). rowid is songs.id.
const songsFts = sqliteTable('songs_fts', {
  rowid: integer('rowid').notNull(),
  title: text('title'),
  artist: text('artist'),
  album: text('album'),
});

export const SEARCH_LIMIT = 50;

const searchQuery = perDb((db) =>
  db
    .select({ song: songs, albumName: albums.name })
    .from(songsFts)
    .innerJoin(songs, eq(songs.id, songsFts.rowid))
    .leftJoin(albums, and(eq(albums.id, songs.albumId), isNull(albums.deletedAt)))
    .where(and(sql`songs_fts MATCH ${sql.placeholder('match')}`, eq(songs.status, 'published'), isNull(songs.deletedAt)))
    // bm25 weights: a hit in the title counts most, then artist, then album name.
    .orderBy(sql`bm25(songs_fts, 4.0, 2.0, 1.0)`, songs.id)
    .limit(SEARCH_LIMIT)
    .prepare(),
);

/**
 * Visible songs matching an FTS5 MATCH expression, best first. The caller must build
 * `match` from quoted terms only (src/services/catalogue/search.ts): raw user text never gets here.
 */
export function searchVisibleSongs(db: Db, match: string): SongWithAlbum[] {
  return searchQuery(db).all({ match });
}
