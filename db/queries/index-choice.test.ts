import { afterAll, expect, test } from 'bun:test';
import { and, asc, eq, sql } from 'drizzle-orm';
import { seedCatalogue } from '../../bench/lib/seed.ts';
import { createUser } from '../../src/services/accounts/users.ts';
import { openTempDb } from '../../src/testing/server.ts';
import { songs } from '../schema/index.ts';
import { listAlbumSongs, selectSongsWithAlbum } from './songs.ts';
import { listPlayedAlbumIds } from './listening.ts';
import { EVERYONE, visibleSongsBeside, visibleSongsFor, visibleSongsSql, visibleSongsSqlBeside } from './visibility.ts';

const handle = openTempDb();
afterAll(() => handle.remove());

const planOf = (visible: typeof visibleSongsFor) => {
  // The album query's shape (db/queries/songs.ts): its order matters to the plan.
  const query = selectSongsWithAlbum(handle.db)
    .where(and(visible(EVERYONE), eq(songs.albumId, 1)))
    .orderBy(sql`${songs.albumOrder} IS NULL`, asc(songs.albumOrder), sql`${songs.title} COLLATE NOCASE`, asc(songs.id))
    .toSQL();
  const explain = handle.sqlite.prepare(`EXPLAIN QUERY PLAN ${query.sql}`);
  const rows = explain.all(...(query.params as number[])) as { detail: string }[];
  explain.finalize();
  return rows.map((row) => row.detail).join(' ');
};

test("one album's songs are found through the album index, not by walking every published song", async () => {
  await createUser(handle.db, { username: 'planner', password: 'correct horse', isAdmin: true });
  seedCatalogue(handle.db, { songs: 3000, albums: 30, playlists: 1 });
  // The plain rule leads SQLite to the status index; the rule beside the album filter does not.
  expect(planOf(visibleSongsFor)).toContain('songs_status_deleted_idx');
  expect(planOf(visibleSongsBeside)).toContain('songs_album_idx');
  expect(listAlbumSongs(handle.db, 1, EVERYONE).map((row) => row.song.albumId)).toEqual(Array(100).fill(1));
});

test('the rule beside keeps every term, restrictions included', () => {
  const restricted = { restrictClean: true, restrictAlbumIds: [3, 1] };
  handle.sqlite.run('UPDATE songs SET explicit = 1 WHERE id % 7 = 0');
  // Albums 1 and 3 hold the songs s with s % 30 of 0 and 2 (bench/lib/seed.ts); every 7th is explicit.
  const expected = Array.from({ length: 3000 }, (_, i) => i + 1).filter((s) => (s % 30 === 0 || s % 30 === 2) && s % 7 !== 0);
  const ids = (visible: typeof visibleSongsFor) => selectSongsWithAlbum(handle.db).where(visible(restricted)).all().map((row) => row.song.id).sort((a, b) => a - b);
  expect(ids(visibleSongsBeside)).toEqual(ids(visibleSongsFor));
  expect(ids(visibleSongsBeside)).toEqual(expected);
});

test("a user's most played albums start from their plays, not from every published song", () => {
  handle.sqlite.run('INSERT INTO plays (user_id, song_id, play_count, last_played_at) SELECT 1, id, 1 + id % 7, 1700000000000 + id FROM songs WHERE id % 10 = 0');
  // The shape of db/queries/listening.ts's album lists by plays.
  const planOf = (visible: string) => {
    const explain = handle.sqlite.prepare(
      `EXPLAIN QUERY PLAN SELECT s.album_id FROM plays p JOIN songs s ON s.id = p.song_id WHERE p.user_id = ? AND s.album_id IS NOT NULL AND ${visible}
       GROUP BY s.album_id ORDER BY sum(p.play_count) DESC, max(p.last_played_at) DESC, s.album_id`,
    );
    const rows = explain.all(1) as { detail: string }[];
    explain.finalize();
    return rows.map((row) => row.detail)[0];
  };
  expect(planOf(visibleSongsSql(EVERYONE))).toContain('SEARCH s USING INDEX songs_status_deleted_idx');
  expect(planOf(visibleSongsSqlBeside(EVERYONE))).toStartWith('SEARCH p');
  // Played songs are every 10th: on albums 1, 11 and 21 (bench/lib/seed.ts puts song s on album s % 30 + 1).
  expect(listPlayedAlbumIds(handle.db, EVERYONE, 1, 'frequent').sort((a, b) => a - b)).toEqual([1, 11, 21]);
});
