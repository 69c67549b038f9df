import type { Db } from '../client.ts';
import type { StarKind } from '../schema/index.ts';
import { perDb } from './prepared.ts';
import { LIVE_ALBUM_JOIN, SONG_VALUE_COLUMNS, type SongValues } from './song-values.ts';
import { type Viewer, perViewer, visibleSongsSql, visibleSongsSqlBeside } from './visibility.ts';

// Plays and stars per user (db/schema/listening.ts). Raw prepared SQL: they are read on every
// Subsonic listing and written on every scrobble.

const countPlayQuery = perDb((db) =>
  db.$client.prepare<unknown, [number, number, number]>(
    `INSERT INTO plays (user_id, song_id, play_count, last_played_at) VALUES (?1, ?2, 1, ?3)
     ON CONFLICT (user_id, song_id) DO UPDATE SET play_count = play_count + 1, last_played_at = max(last_played_at, excluded.last_played_at)`,
  ),
);

/** One more play of a song by a user, at `at` (ms). */
export function countPlay(db: Db, userId: number, songId: number, at: number): void {
  countPlayQuery(db).run(userId, songId, at);
}

const playOfQuery = perDb((db) =>
  db.$client.prepare<[number, number], [number, number]>('SELECT play_count, last_played_at FROM plays WHERE user_id = ? AND song_id = ?'),
);

export function findPlay(db: Db, userId: number, songId: number): { count: number; lastPlayedAt: number } | undefined {
  const row = playOfQuery(db).values(userId, songId)[0] as [number, number] | undefined;
  return row ? { count: row[0], lastPlayedAt: row[1] } : undefined;
}

// The user's plays lead (the visibility terms stay off the status index, which would walk every song).
const albumsByPlaysQuery = (order: string) =>
  perViewer((db, viewer) =>
    db.$client.prepare<[number], [number]>(
      `SELECT s.album_id FROM plays p JOIN songs s ON s.id = p.song_id
       WHERE p.user_id = ? AND s.album_id IS NOT NULL AND ${visibleSongsSqlBeside(viewer)}
       GROUP BY s.album_id ORDER BY ${order}, s.album_id`,
    ),
  );
const frequentAlbums = albumsByPlaysQuery('sum(p.play_count) DESC, max(p.last_played_at) DESC');
const recentAlbums = albumsByPlaysQuery('max(p.last_played_at) DESC');

/** Album ids by how often (or how lately) the user played their songs. */
export function listPlayedAlbumIds(db: Db, viewer: Viewer, userId: number, by: 'frequent' | 'recent'): number[] {
  return ((by === 'frequent' ? frequentAlbums : recentAlbums)(db, viewer).values(userId) as [number][]).map((row) => row[0]);
}

const recentSongsQuery = perViewer((db, viewer) =>
  db.$client.prepare<unknown[], [number, number]>(
    `SELECT ${SONG_VALUE_COLUMNS}, p.play_count, p.last_played_at FROM plays p JOIN songs s ON s.id = p.song_id ${LIVE_ALBUM_JOIN}
     WHERE p.user_id = ? AND ${visibleSongsSql(viewer)} ORDER BY p.last_played_at DESC, s.id DESC LIMIT ?`,
  ),
);

/** The user's most recently played visible songs, with count and time. */
export function listRecentlyPlayed(db: Db, viewer: Viewer, userId: number, limit: number): { song: SongValues; playCount: number; lastPlayedAt: number }[] {
  return (recentSongsQuery(db, viewer).values(userId, limit) as unknown[][]).map((row) => ({
    song: row.slice(0, -2) as SongValues,
    playCount: row[row.length - 2] as number,
    lastPlayedAt: row[row.length - 1] as number,
  }));
}

const starQuery = perDb((db) =>
  db.$client.prepare<unknown, [number, string, string, number]>('INSERT OR IGNORE INTO stars (user_id, kind, item_id, created_at) VALUES (?, ?, ?, ?)'),
);
const unstarQuery = perDb((db) => db.$client.prepare<unknown, [number, string, string]>('DELETE FROM stars WHERE user_id = ? AND kind = ? AND item_id = ?'));
// Newest first; two stars in the same millisecond (an app starring a few at once) by which came later.
const starsOfQuery = perDb((db) =>
  db.$client.prepare<[string, string, number], [number]>('SELECT kind, item_id, created_at FROM stars WHERE user_id = ? ORDER BY created_at DESC, rowid DESC'),
);

export function addStar(db: Db, userId: number, kind: StarKind, itemId: string, at: number): void {
  starQuery(db).run(userId, kind, itemId, at);
}

export function removeStar(db: Db, userId: number, kind: StarKind, itemId: string): void {
  unstarQuery(db).run(userId, kind, itemId);
}

/** Everything the user starred, newest first. */
export function listStars(db: Db, userId: number): { kind: StarKind; itemId: string; createdAt: number }[] {
  return (starsOfQuery(db).values(userId) as [StarKind, string, number][]).map(([kind, itemId, createdAt]) => ({ kind, itemId, createdAt }));
}
