import type { Db } from '../client.ts';
import { perDb } from './prepared.ts';
import { SUBSONIC_GENRES } from './subsonic.ts';
import { type Viewer, perViewer, visibleSongsSql } from './visibility.ts';

// Reads behind the Subsonic API's genre lists and instant mixes (src/services/subsonic/genres.ts,
// mixes.ts). Raw prepared SQL, over visible songs only (published, not trashed).

/** A visible song with genres (or tags standing in): id, live album id (or null), their JSON text. */
export type TaggedSongRow = [id: number, albumId: number | null, genres: string];

const taggedQuery = perViewer((db, viewer) =>
  db.$client.prepare<TaggedSongRow, []>(
    `SELECT s.id, a.id, ${SUBSONIC_GENRES} FROM songs s LEFT JOIN albums a ON a.id = s.album_id AND a.deleted_at IS NULL
     WHERE ${visibleSongsSql(viewer)} AND (s.genres <> '[]' OR s.tags <> '[]') ORDER BY s.id`,
  ),
);

export function listTaggedSongs(db: Db, viewer: Viewer): TaggedSongRow[] {
  return taggedQuery(db, viewer).values() as TaggedSongRow[];
}

const householdPlaysQuery = perDb((db) =>
  db.$client.prepare<[number, number], [string]>(
    'SELECT p.song_id, sum(p.play_count) FROM json_each(?) j JOIN plays p ON p.song_id = j.value GROUP BY p.song_id',
  ),
);

/** How often the whole household played each of `ids` (songs never played are absent). */
export function householdPlaysOf(db: Db, ids: readonly number[]): Map<number, number> {
  if (ids.length === 0) return new Map();
  return new Map(householdPlaysQuery(db).values(JSON.stringify(ids)) as [number, number][]);
}

const topPlayedQuery = perDb((db) =>
  db.$client.prepare<[number], [string]>(
    `SELECT p.song_id FROM json_each(?) j JOIN plays p ON p.song_id = j.value
     GROUP BY p.song_id ORDER BY sum(p.play_count) DESC, max(p.last_played_at) DESC`,
  ),
);

/** Of `ids`, those the household played, most played first. */
export function mostPlayedOf(db: Db, ids: readonly number[]): number[] {
  if (ids.length === 0) return [];
  return (topPlayedQuery(db).values(JSON.stringify(ids)) as [number][]).map((row) => row[0]);
}

const coListenedQuery = perDb((db) =>
  db.$client.prepare<[number], [string]>(
    // The listeners first, then their songs: joining every play to every play of the same user
    // would multiply rows (plays of the artist x that user's plays).
    `SELECT DISTINCT song_id FROM plays
     WHERE user_id IN (SELECT user_id FROM plays WHERE song_id IN (SELECT value FROM json_each(?)))`,
  ),
);

/** Songs played by someone who also played one of `ids` (the "shared listeners" of an artist). */
export function songsOfSameListeners(db: Db, ids: readonly number[]): number[] {
  if (ids.length === 0) return [];
  return (coListenedQuery(db).values(JSON.stringify(ids)) as [number][]).map((row) => row[0]);
}
