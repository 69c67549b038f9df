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
