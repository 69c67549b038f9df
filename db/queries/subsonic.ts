import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type UserRow, users } from '../schema/index.ts';
import { perDb } from './prepared.ts';
import { LIVE_ALBUM_JOIN, SONG_VALUE_COLUMNS, type SongValues } from './song-values.ts';
import { type Viewer, perViewer, visibleSongsSql } from './visibility.ts';

// The Subsonic API's reads (src/services/subsonic). Raw prepared SQL: these run per request or
// over the whole catalogue, and the visibility rule is the library's: published and not trashed.
// The visibility rule is db/queries/visibility.ts's, per viewer.

/** One visible song as the Subsonic library index needs it (src/services/subsonic/library.ts). */
export type LibraryRow = [
  id: number,
  artist: string | null,
  /** Its live album (listLiveAlbums has its name), or null. */
  albumId: number | null,
  duration: number,
  hasArtwork: 0 | 1,
  year: number | null,
  /** The JSON text of the song's genres (of its tags when it has no genres), or null: its first is the song's genre. */
  genres: string | null,
];

/** A song's genres as the Subsonic API offers them: its genres, else its tags (decision 147). */
export const SUBSONIC_GENRES = "CASE WHEN s.genres <> '[]' THEN s.genres ELSE s.tags END";

// The genres come as JSON text, not their first picked out per row (a third of the read at
// 100,000 songs): a library holds a few dozen distinct texts, each parsed once in JS.
const libraryQuery = perViewer((db, viewer) =>
  db.$client.prepare<LibraryRow, []>(
    `SELECT s.id, s.artist, a.id, s.duration, s.artwork_url IS NOT NULL, s.year,
       CASE WHEN s.genres <> '[]' THEN s.genres WHEN s.tags <> '[]' THEN s.tags END
     FROM songs s ${LIVE_ALBUM_JOIN} WHERE ${visibleSongsSql(viewer)} ORDER BY s.id`,
  ),
);

/** Every visible song, oldest first, with its live album. */
export function listLibraryRows(db: Db, viewer: Viewer): LibraryRow[] {
  return libraryQuery(db, viewer).values() as LibraryRow[];
}

// Album names once per album, not copied onto each of its songs' rows.
const liveAlbumsQuery = perDb((db) =>
  db.$client.prepare<[id: number, name: string, createdAt: number], []>('SELECT id, name, created_at FROM albums WHERE deleted_at IS NULL'),
);

/** Every live album's name and creation time, by id. */
export function listLiveAlbums(db: Db): Map<number, [name: string, createdAt: number]> {
  return new Map(liveAlbumsQuery(db).values().map(([id, name, createdAt]) => [id as number, [name as string, createdAt as number]]));
}

// json_each keeps the order of the given ids (its key is the array index).
const byIdsQuery = perViewer((db, viewer) =>
  db.$client.prepare<SongValues, [string]>(
    `SELECT ${SONG_VALUE_COLUMNS} FROM json_each(?) j CROSS JOIN songs s ON s.id = j.value ${LIVE_ALBUM_JOIN}
     WHERE ${visibleSongsSql(viewer)} ORDER BY j.key`,
  ),
);

/** The visible ones among `ids`, in the order given. */
export function listVisibleSongValuesByIds(db: Db, viewer: Viewer, ids: readonly number[]): SongValues[] {
  if (ids.length === 0) return [];
  return byIdsQuery(db, viewer).values(JSON.stringify(ids)) as SongValues[];
}

const pageQuery = perViewer((db, viewer) =>
  db.$client.prepare<SongValues, [number, number]>(
    `SELECT ${SONG_VALUE_COLUMNS} FROM songs s ${LIVE_ALBUM_JOIN} WHERE ${visibleSongsSql(viewer)} ORDER BY s.id LIMIT ? OFFSET ?`,
  ),
);

/** A page of every visible song by id (for apps that sync the whole library through an empty search). */
export function listVisibleSongValuesPage(db: Db, viewer: Viewer, limit: number, offset: number): SongValues[] {
  return pageQuery(db, viewer).values(limit, offset) as SongValues[];
}

// Every API call signs in: the user by name (NOCASE, as sign-in compares) or id, prepared.
const userByNameQuery = perDb((db) =>
  db
    .select()
    .from(users)
    .where(sql`${users.username} = ${sql.placeholder('username')} COLLATE NOCASE`)
    .prepare(),
);
const userByIdQuery = perDb((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(),
);

export function findApiUserByName(db: Db, username: string): UserRow | undefined {
  return userByNameQuery(db).get({ username });
}

export function findApiUserById(db: Db, id: number): UserRow | undefined {
  return userByIdQuery(db).get({ id });
}

/** What stream and download need of a song the family can hear, its gains for a levelled transcode: no join (every range asks). */
export interface StreamableSong {
  audioHash: string;
  audioFormat: string;
  audioPath: string | null;
  duration: number;
  fileSize: number;
  trackGain: number | null;
  albumGain: number | null;
  trackPeak: number | null;
  albumPeak: number | null;
}

type StreamableRow = [string, string, string | null, number, number, number | null, number | null, number | null, number | null];

const streamableQuery = perViewer((db, viewer) =>
  db.$client.prepare<StreamableRow, [number]>(
    `SELECT audio_hash, audio_format, audio_path, duration, file_size, track_gain, album_gain, track_peak, album_peak FROM songs s WHERE s.id = ? AND ${visibleSongsSql(viewer)}`,
  ),
);

export function findStreamableSong(db: Db, id: number, viewer: Viewer): StreamableSong | undefined {
  const row = streamableQuery(db, viewer).values(id)[0] as StreamableRow | undefined;
  return (
    row && {
      audioHash: row[0],
      audioFormat: row[1],
      audioPath: row[2],
      duration: row[3],
      fileSize: row[4],
      trackGain: row[5],
      albumGain: row[6],
      trackPeak: row[7],
      albumPeak: row[8],
    }
  );
}
