import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { perDb } from './prepared.ts';
import type { SongStatus } from '../../src/shared/enums.ts';
import { type SongRow, albums, songs } from '../schema/index.ts';
import { LIVE_ALBUM_JOIN, SONG_VALUE_COLUMNS, type SongValues } from './song-values.ts';
import { type Viewer, perViewer, visibleSongsBeside, visibleSongsFor, visibleSongsSql } from './visibility.ts';

/** A song with the name of its album when that album is live (a trashed album has no name). */
export interface SongWithAlbum {
  song: SongRow;
  albumName: string | null;
}


const live = isNull(songs.deletedAt);
const liveAlbum = and(eq(albums.id, songs.albumId), isNull(albums.deletedAt));
const byTitle = [sql`${songs.title} COLLATE NOCASE`, asc(songs.id)] as const;

/** Song rows joined with their live album's name, for any extra filter. */
export function selectSongsWithAlbum(db: Db) {
  return db.select({ song: songs, albumName: albums.name }).from(songs).leftJoin(albums, liveAlbum);
}

const albumSongsQuery = perViewer((db, viewer) =>
  selectSongsWithAlbum(db)
    .where(and(visibleSongsBeside(viewer), eq(songs.albumId, sql.placeholder('albumId'))))
    .orderBy(sql`${songs.albumOrder} IS NULL`, asc(songs.albumOrder), ...byTitle)
    .prepare(),
);

const visibleByIdQuery = perViewer((db, viewer) =>
  selectSongsWithAlbum(db)
    .where(and(visibleSongsFor(viewer), eq(songs.id, sql.placeholder('id'))))
    .prepare(),
);

const byIdQuery = perDb((db) =>
  selectSongsWithAlbum(db)
    .where(eq(songs.id, sql.placeholder('id')))
    .prepare(),
);

// Unary + keeps SQLite off the status index so it walks the NOCASE title index in order (no sort).
const listValuesQuery = (where: string) =>
  perDb((db) =>
    db.$client.prepare<SongValues, []>(
      `SELECT ${SONG_VALUE_COLUMNS} FROM songs s ${LIVE_ALBUM_JOIN} WHERE ${where} ORDER BY s.title COLLATE NOCASE, s.id`,
    ),
  );
// The restriction's terms get the same unary + (the title index stays the walk, as unrestricted).
const publishedValues = perViewer((db, viewer) => listValuesQuery(visibleSongsSql(viewer).replace(/(^|AND )s\./g, '$1+s.'))(db));
const liveValues = listValuesQuery('+s.deleted_at IS NULL');

/** The library: published, not trashed, sorted by title case-insensitively in the database. */
export function listPublishedSongValues(db: Db, viewer: Viewer): SongValues[] {
  return publishedValues(db, viewer).values() as SongValues[];
}

// Keyset: the next `limit` songs after (title, id) in the library's order. The two-part
// condition lets SQLite seek the NOCASE title index (a row value would scan it).
const publishedPage = perViewer((db, viewer) =>
  db.$client.prepare<SongValues, [string, number, number]>(
    `SELECT ${SONG_VALUE_COLUMNS} FROM songs s ${LIVE_ALBUM_JOIN} WHERE ${visibleSongsSql(viewer).replace(/(^|AND )s\./g, '$1+s.')}` +
      ' AND s.title >= ?1 COLLATE NOCASE AND (s.title > ?1 COLLATE NOCASE OR s.id > ?2) ORDER BY s.title COLLATE NOCASE, s.id LIMIT ?3',
  ),
);

/** One page of the library: the songs after `after` (title and id of the last one shown), or the first. */
export function listPublishedSongValuesAfter(db: Db, viewer: Viewer, after: { title: string; id: number } | null, limit: number): SongValues[] {
  return publishedPage(db, viewer).values(after?.title ?? '', after?.id ?? 0, limit) as SongValues[];
}

// The same keyset, narrowed to songs whose title or artist holds the needle. LIKE folds ASCII case
// only: a needle with other letters is matched by a GLOB (?5, else null) whose letters are classes
// of both cases, so "über brücken" finds "Über Brücken". NOT INDEXED: one sequential scan and a
// top-N sort cost ~30 ms whatever the term, where walking the title index reads every row out of order.
const LIKE_TERM = (p: string) => `(s.title LIKE ${p} ESCAPE '\\' OR s.artist LIKE ${p} ESCAPE '\\')`;
const SEARCH_TERM = `(${LIKE_TERM('?4')} OR (?5 IS NOT NULL AND (s.title GLOB ?5 OR s.artist GLOB ?5)))`;
const publishedSearchPage = perViewer((db, viewer) =>
  db.$client.prepare<SongValues, [string, number, number, string, string | null]>(
    `SELECT ${SONG_VALUE_COLUMNS} FROM songs s NOT INDEXED ${LIVE_ALBUM_JOIN} WHERE ${visibleSongsSql(viewer)} AND ${SEARCH_TERM}` +
      ' AND s.title >= ?1 COLLATE NOCASE AND (s.title > ?1 COLLATE NOCASE OR s.id > ?2) ORDER BY s.title COLLATE NOCASE, s.id LIMIT ?3',
  ),
);
const publishedSearchCount = perViewer((db, viewer) =>
  db.$client.prepare<{ n: number }, [string, string | null]>(
    `SELECT count(*) AS n FROM songs s WHERE ${visibleSongsSql(viewer)} AND ${SEARCH_TERM.replaceAll('?4', '?1').replaceAll('?5', '?2')}`,
  ),
);

/** `char` as a GLOB matches it: a class of its one-character cases, a wildcard as a class of itself. */
function globChar(char: string): string {
  const cases = new Set([char, char.toLowerCase(), char.toUpperCase(), char.toUpperCase().toLowerCase()].filter((c) => [...c].length === 1));
  return cases.size > 1 ? `[${[...cases].join('')}]` : '*?['.includes(char) ? `[${char}]` : char;
}

/** The patterns for `needle` (contained, wildcards taken literally): LIKE lower-cased, and a case-blind GLOB when it has non-ASCII letters. */
function likePatterns(needle: string): [string, string | null] {
  const like = `%${needle.replace(/[\\%_]/g, '\\$&').toLowerCase()}%`;
  return [like, /[^\x00-\x7f]/.test(needle) ? `*${[...needle].map(globChar).join('')}*` : null];
}

/** Like listPublishedSongValuesAfter, only songs whose title or artist contains `needle` (any case). */
export function searchPublishedSongValuesAfter(db: Db, viewer: Viewer, needle: string, after: { title: string; id: number } | null, limit: number): SongValues[] {
  return publishedSearchPage(db, viewer).values(after?.title ?? '', after?.id ?? 0, limit, ...likePatterns(needle)) as SongValues[];
}

/** How many of the viewer's songs searchPublishedSongValuesAfter finds. */
export function countPublishedSongsMatching(db: Db, viewer: Viewer, needle: string): number {
  return publishedSearchCount(db, viewer).get(...likePatterns(needle))?.n ?? 0;
}

const visibleByIds = perViewer((db, viewer) =>
  db.$client.prepare<SongValues, [string]>(
    `SELECT ${SONG_VALUE_COLUMNS} FROM songs s ${LIVE_ALBUM_JOIN} WHERE ${visibleSongsSql(viewer)} AND s.id IN (SELECT value FROM json_each(?1)) ORDER BY s.id`,
  ),
);

/** The songs among `ids` that the viewer's library holds (published, live, within their restrictions), by id. */
export function listVisibleSongValuesByIds(db: Db, viewer: Viewer, ids: readonly number[]): SongValues[] {
  return visibleByIds(db, viewer).values(JSON.stringify(ids)) as SongValues[];
}

const titleOf = perDb((db) => db.$client.prepare<{ title: string }, [number]>('SELECT title FROM songs WHERE id = ?'));

/** A song's title as stored (any status), for a library cursor whose title was cut. */
export function songTitleOf(db: Db, id: number): string | undefined {
  return titleOf(db).get(id)?.title;
}

const publishedCount = perViewer((db, viewer) => db.$client.prepare<{ n: number }, []>(`SELECT count(*) AS n FROM songs s WHERE ${visibleSongsSql(viewer)}`));

/** How many songs the viewer's library holds (the paged library's length). */
export function countPublishedSongs(db: Db, viewer: Viewer): number {
  return publishedCount(db, viewer).get()?.n ?? 0;
}

/** The admin list: every song that is not in the trash, pending or published. */
export function listLiveSongValues(db: Db): SongValues[] {
  return liveValues(db).values() as SongValues[];
}

/** An album's visible songs: by albumOrder (unnumbered last), then title. */
export function listAlbumSongs(db: Db, albumId: number, viewer: Viewer): SongWithAlbum[] {
  return albumSongsQuery(db, viewer).all({ albumId });
}

/** One song the viewer may see (published, live, within their restrictions). */
export function findVisibleSongById(db: Db, id: number, viewer: Viewer): SongWithAlbum | undefined {
  return visibleByIdQuery(db, viewer).get({ id });
}

/** One song whatever its state (callers decide what is visible). */
export function findSongById(db: Db, id: number): SongWithAlbum | undefined {
  return byIdQuery(db).get({ id });
}

export type SongChanges = Partial<Pick<SongRow, 'title' | 'artist' | 'tags' | 'albumId' | 'artworkUrl' | 'genres' | 'year' | 'explicit'>>;

export function updateSong(db: Db, id: number, changes: SongChanges, now: Date): void {
  db.update(songs)
    .set({ ...changes, updatedAt: now })
    .where(eq(songs.id, id))
    .run();
}

/** Ids among `ids` that name a live (not trashed) song. */
export function findLiveSongIds(db: Db, ids: number[]): number[] {
  if (ids.length === 0) return [];
  return db
    .select({ id: songs.id })
    .from(songs)
    .where(and(inArray(songs.id, ids), live))
    .all()
    .map((row) => row.id);
}

export function setSongsStatus(db: Db, ids: number[], status: SongStatus, now: Date): void {
  if (ids.length === 0) return;
  db.update(songs).set({ status, updatedAt: now }).where(inArray(songs.id, ids)).run();
}

export function setSongsExplicit(db: Db, ids: number[], explicit: boolean, now: Date): void {
  if (ids.length === 0) return;
  db.update(songs).set({ explicit, updatedAt: now }).where(inArray(songs.id, ids)).run();
}

export function trashSongs(db: Db, ids: number[], now: Date): void {
  if (ids.length === 0) return;
  db.update(songs).set({ deletedAt: now, updatedAt: now }).where(and(inArray(songs.id, ids), live)).run();
}

export function restoreSong(db: Db, id: number, now: Date): void {
  db.update(songs).set({ deletedAt: null, updatedAt: now }).where(eq(songs.id, id)).run();
}

export function deleteSong(db: Db, id: number): SongRow | undefined {
  return db.delete(songs).where(eq(songs.id, id)).returning().get();
}

/** Trashed songs, most recently deleted first. */
export function listTrashedSongs(db: Db): SongWithAlbum[] {
  return selectSongsWithAlbum(db)
    .where(isNotNull(songs.deletedAt))
    .orderBy(sql`${songs.deletedAt} DESC`, asc(songs.id))
    .all();
}

const versionQuery = perDb((db) =>
  db.$client.prepare<{ version: number }, []>('SELECT version FROM catalogue_version WHERE id = 1'),
);

/**
 * The catalogue version: triggers bump it on every write to songs, albums, playlists and their
 * songs, and on a temporary share's removal, whichever process writes (the CLI too), so it
 * names one state of every song list and share page.
 */
export function readCatalogueVersion(db: Db): number {
  return versionQuery(db).get()?.version ?? 0;
}

/** Runs `read` in one read transaction, so everything it reads comes from one WAL snapshot. */
export function inReadSnapshot<T>(db: Db, read: () => T): T {
  return db.$client.transaction(read)();
}
