import { type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { songs } from '../schema/index.ts';

/**
 * Who is looking: a member's restrictions as their users row holds them (an admin's are always
 * off). This one rule decides which songs a viewer may see, hear or find, on every path.
 */
export interface Viewer {
  restrictClean: boolean;
  restrictAlbumIds: number[] | null;
}

/** No restriction: share pages, guests holding a link, admins' tools. */
export const EVERYONE: Viewer = { restrictClean: false, restrictAlbumIds: null };

export function isRestricted(viewer: Viewer): boolean {
  return viewer.restrictClean || viewer.restrictAlbumIds !== null;
}

function allowedAlbumIds(viewer: Viewer): number[] {
  return (viewer.restrictAlbumIds ?? []).filter((id) => Number.isSafeInteger(id));
}

/** Names one restriction (empty for none): caches of lists and prepared statements key on it. */
export function viewerKey(viewer: Viewer): string {
  if (!isRestricted(viewer)) return '';
  const albums = viewer.restrictAlbumIds === null ? '*' : [...new Set(allowedAlbumIds(viewer))].sort((a, b) => a - b).join(',');
  return `${viewer.restrictClean ? 'clean' : 'all'};${albums}`;
}

/**
 * The restriction as raw SQL over the songs alias `s` (empty for none), for the prepared
 * fast paths. Only integers are written into it; a song on no album is outside any list.
 */
export function restrictionSql(viewer: Viewer, alias = 's'): string {
  let where = '';
  if (viewer.restrictClean) where += ` AND ${alias}.explicit = 0`;
  if (viewer.restrictAlbumIds !== null) {
    const ids = allowedAlbumIds(viewer);
    where += ids.length === 0 ? ' AND 0' : ` AND ${alias}.album_id IN (${ids.join(',')})`;
  }
  return where;
}

/** Published, not trashed, and within the viewer's restrictions: raw SQL over alias `s`. */
export function visibleSongsSql(viewer: Viewer, alias = 's'): string {
  return `${alias}.status = 'published' AND ${alias}.deleted_at IS NULL${restrictionSql(viewer, alias)}`;
}

/** visibleSongsSql with its terms kept off the indexes (unary +): see visibleSongsBeside. */
export function visibleSongsSqlBeside(viewer: Viewer, alias = 's'): string {
  return visibleSongsSql(viewer, alias).replace(new RegExp(`(^|AND )${alias}\\.`, 'g'), `$1+${alias}.`);
}

/** Only the viewer's restrictions, as a drizzle condition on the songs table (true for none). */
export function withinRestrictions(viewer: Viewer): SQL {
  return sql.raw(`1${restrictionSql(viewer, '"songs"')}`);
}

/**
 * The rule with its terms kept off the indexes (unary +), for a query whose own filter has the
 * better index (one album's songs): SQLite, without statistics, takes (status, deleted_at) as
 * selective and would walk every published song.
 */
export function visibleSongsBeside(viewer: Viewer): SQL {
  const terms = `"songs"."status" = 'published' AND "songs"."deleted_at" IS NULL${restrictionSql(viewer, '"songs"')}`;
  return sql.raw(terms.replace(/(^|AND )"songs"\./g, '$1+"songs".'));
}

/** The same rule as a drizzle condition on the songs table. */
export function visibleSongsFor(viewer: Viewer): SQL {
  return and(eq(songs.status, 'published'), isNull(songs.deletedAt), withinRestrictions(viewer))!;
}

const MAX_VARIANTS = 64;

/**
 * Caches one prepared statement per database and restriction (built with visibleSongsSql or
 * visibleSongsFor of the viewer); past MAX_VARIANTS restrictions (a family has a few) it starts again.
 */
export function perViewer<T>(build: (db: Db, viewer: Viewer) => T): (db: Db, viewer: Viewer) => T {
  const cache = new WeakMap<Db, Map<string, T>>();
  return (db, viewer) => {
    let byKey = cache.get(db);
    if (!byKey) cache.set(db, (byKey = new Map()));
    const key = viewerKey(viewer);
    let value = byKey.get(key);
    if (value === undefined) {
      if (byKey.size >= MAX_VARIANTS) byKey.clear();
      value = build(db, viewer);
      byKey.set(key, value);
    }
    return value;
  };
}
