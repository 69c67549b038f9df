import { Database } from 'bun:sqlite';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { albums, playlists, songs, users } from '../schema/index.ts';

/** Absolute paths of audio imported in place (`import --in-place`): outside the media folder. */
export function inPlaceAudioPaths(db: Db): string[] {
  const rows = db.all<{ path: string }>(sql`
    select distinct ${songs.audioPath} as path from ${songs} where ${songs.audioPath} is not null order by path`);
  return rows.map((row) => row.path);
}

/** What a backup holds, in the words its summary prints (trashed rows included). */
export function libraryCounts(db: Db): { songs: number; albums: number; playlists: number; users: number } {
  const count = (table: typeof songs | typeof albums | typeof playlists | typeof users) =>
    db.select({ n: sql<number>`count(*)` }).from(table).get()?.n ?? 0;
  return { songs: count(songs), albums: count(albums), playlists: count(playlists), users: count(users) };
}

/**
 * The database as one consistent snapshot while the server may be writing: VACUUM INTO reads
 * inside one read transaction (WAL lets writers go on), unlike a copy of hearth.db and its WAL.
 */
export function snapshotDatabase(dbPath: string, into: string): void {
  // Read-write but writing nothing: a read-only handle cannot open a WAL database whose -shm is gone.
  const live = new Database(dbPath, { create: false });
  try {
    live.exec('PRAGMA busy_timeout = 5000');
    live.prepare('VACUUM INTO ?').run(into);
  } finally {
    live.close();
  }
}

/** SQLite's quick integrity check: 'ok', or what is damaged. */
export function quickCheck(db: Db): string {
  return (db.$client.query('PRAGMA quick_check').get() as { quick_check: string }).quick_check;
}
