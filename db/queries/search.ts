import type { Db } from '../client.ts';
import { perDb } from './prepared.ts';
import { LIVE_ALBUM_JOIN, SONG_VALUE_COLUMNS, type SongValues } from './song-values.ts';
import { type Viewer, perViewer, visibleSongsSql } from './visibility.ts';

// songs_fts is the FTS5 table of migration 0001 (rowid = songs.id; the album column holds the
// live album's name only, migration 0002). Raw SQL: drizzle has no FTS5 and this path is hot.

export const SEARCH_LIMIT = 50;
/** Ranked FTS hits fetched before filtering out pending and trashed songs. */
export const SEARCH_CANDIDATES = SEARCH_LIMIT * 4;

// bm25 weights: a hit in the title counts most, then artist, then album name.
const RANK = 'bm25(songs_fts, 4.0, 2.0, 1.0)';

/**
 * At most this many hits of one search are ranked, the newest (highest rowid) first: a term
 * every song matches ("album", "a") ranked all 50,000 at ~2.5 µs each. Beyond it, a search
 * ranks the newest hits, so the work has a bound and what was added lately is found.
 */
export const SEARCH_RANK_CAP = 2_000;

// The newest SEARCH_RANK_CAP hits with their scores: FTS5 walks the doclist by rowid, newest
// first, and stops at the cap; MATERIALIZED keeps the LIMIT inside (bm25 only for these rows).
const CAPPED_HITS = `hits AS MATERIALIZED (
  SELECT rowid AS id, ${RANK} AS score FROM songs_fts WHERE songs_fts MATCH ? ORDER BY rowid DESC LIMIT ${SEARCH_RANK_CAP})`;

// Ranking touches only the FTS index: joining songs for every hit of a common word (~8,000
// for "moon") to test its status cost more than ranking itself.
const candidatesQuery = perDb((db) =>
  db.$client.prepare<{ id: number }, [string, number]>(`WITH ${CAPPED_HITS} SELECT id FROM hits ORDER BY score, id LIMIT ?`),
);

// json_each keeps the candidates' rank order (its key is the array index); CROSS JOIN makes
// it the outer loop (else SQLite scans every published song and probes the list).
const visibleOfQuery = perViewer((db, viewer) =>
  db.$client.prepare<SongValues, [string, number]>(
    `SELECT ${SONG_VALUE_COLUMNS} FROM json_each(?) j CROSS JOIN songs s ON s.id = j.value ${LIVE_ALBUM_JOIN}
     WHERE ${visibleSongsSql(viewer)} ORDER BY j.key LIMIT ?`,
  ),
);

// Every visible hit among the capped ones ranked: at most SEARCH_RANK_CAP song lookups.
const fullQuery = perViewer((db, viewer) =>
  db.$client.prepare<SongValues, [string, number]>(
    `WITH ${CAPPED_HITS}
     SELECT ${SONG_VALUE_COLUMNS} FROM hits CROSS JOIN songs s ON s.id = hits.id ${LIVE_ALBUM_JOIN}
     WHERE ${visibleSongsSql(viewer)} ORDER BY hits.score, hits.id LIMIT ?`,
  ),
);

/**
 * Visible (published, live) songs matching an FTS5 MATCH expression, best first, at most
 * SEARCH_LIMIT, ranked among the newest SEARCH_RANK_CAP hits. The best SEARCH_CANDIDATES of
 * those are tried first; when enough of them are visible they are exactly the best visible
 * ones, else every visible hit (still within the cap) is ranked.
 * The caller must build `match` from quoted terms only (src/services/catalogue/search.ts).
 */
export function searchVisibleSongValues(db: Db, match: string, viewer: Viewer): SongValues[] {
  const candidates = candidatesQuery(db).all(match, SEARCH_CANDIDATES);
  const ids = JSON.stringify(candidates.map((row) => row.id));
  const visible = visibleOfQuery(db, viewer).values(ids, SEARCH_LIMIT) as SongValues[];
  if (visible.length === SEARCH_LIMIT || candidates.length < SEARCH_CANDIDATES) return visible;
  return fullQuery(db, viewer).values(match, SEARCH_LIMIT) as SongValues[];
}
