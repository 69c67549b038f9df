import type { AdminSongSort } from '../../src/shared/enums.ts';
import type { Db } from '../client.ts';
import { perDb } from './prepared.ts';
import { LIVE_ALBUM_JOIN, SONG_VALUE_AT, SONG_VALUE_COLUMNS, type SongValues } from './song-values.ts';

/** Every live song, the songs without a live album, or one album's. */
export type AdminAlbumFilter = 'all' | 'none' | number;

// Newest first, equal times by id; By Status puts pending songs (waiting for an admin) first.
// Alphabetical sorts a scan (+ keeps the title index out): walking that index reads every row out
// of order, two to three times slower at 100,000 songs.
const ORDER: Record<AdminSongSort, string> = {
  recent: 's.created_at DESC, s.id DESC',
  status: "s.status <> 'pending', s.created_at DESC, s.id DESC",
  alphabetical: '+s.title COLLATE NOCASE, s.id',
};
const ALBUM_WHERE = { all: '', none: ' AND a.id IS NULL', one: ' AND a.id = ?1' } as const;

const orderQueries = perDb((db) => {
  const built = new Map<string, ReturnType<typeof db.$client.prepare<{ id: number }, [number] | []>>>();
  return (album: keyof typeof ALBUM_WHERE, sort: AdminSongSort) => {
    const key = `${album}:${sort}`;
    let query = built.get(key);
    if (!query) {
      query = db.$client.prepare(`SELECT s.id FROM songs s ${LIVE_ALBUM_JOIN} WHERE s.deleted_at IS NULL${ALBUM_WHERE[album]} ORDER BY ${ORDER[sort]}`);
      built.set(key, query);
    }
    return query;
  };
});

/** The ids of the admin list's songs (live: pending or published) in Manage Songs' order. */
export function listAdminSongIds(db: Db, album: AdminAlbumFilter, sort: AdminSongSort): number[] {
  const query = orderQueries(db)(typeof album === 'number' ? 'one' : album, sort);
  const rows = (typeof album === 'number' ? query.values(album) : query.values()) as [number][];
  return rows.map((row) => row[0]);
}

const liveCount = perDb((db) => db.$client.prepare<{ n: number }, []>('SELECT count(*) AS n FROM songs WHERE deleted_at IS NULL'));

/** How many songs the admin list holds, whatever the album. */
export function countLiveSongs(db: Db): number {
  return liveCount(db).get()?.n ?? 0;
}

const rowsByIds = perDb((db) =>
  db.$client.prepare<SongValues, [string]>(
    `SELECT ${SONG_VALUE_COLUMNS} FROM songs s ${LIVE_ALBUM_JOIN} WHERE s.id IN (SELECT value FROM json_each(?1)) AND s.deleted_at IS NULL`,
  ),
);

/** The live songs among `ids`, in the order asked (an id not live is left out). */
export function listLiveSongValuesByIds(db: Db, ids: readonly number[]): SongValues[] {
  const byId = new Map<number, SongValues>();
  for (const values of rowsByIds(db).values(JSON.stringify(ids)) as SongValues[]) byId.set(values[SONG_VALUE_AT.id], values);
  const found: SongValues[] = [];
  for (const id of ids) {
    const values = byId.get(id);
    if (values) found.push(values);
  }
  return found;
}
