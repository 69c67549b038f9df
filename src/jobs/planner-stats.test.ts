import { afterAll, expect, test } from 'bun:test';
import { seedCatalogue } from '../../bench/lib/seed.ts';
import { EVERYONE, visibleSongsSql } from '../../db/queries/visibility.ts';
import { createUser } from '../services/accounts/users.ts';
import { openTempDb } from '../testing/server.ts';
import { JOBS } from './index.ts';
import type { JobDeps } from './job.ts';
import { plannerStatsJob } from './planner-stats.ts';

const handle = openTempDb();
afterAll(() => handle.remove());

// One album's songs, as the album page and Subsonic's getAlbum read them.
const albumSongsPlan = () =>
  (handle.sqlite
    .query(`EXPLAIN QUERY PLAN SELECT s.id, a.name FROM songs s LEFT JOIN albums a ON a.id = s.album_id AND a.deleted_at IS NULL
      WHERE ${visibleSongsSql(EVERYONE)} AND s.album_id = ? ORDER BY s.album_order IS NULL, s.album_order, s.title COLLATE NOCASE, s.id`)
    .all(1) as { detail: string }[])
    .map((row) => row.detail)
    .join(' ');

test("after the job, one album's songs are found through the album index, not by walking every published song", async () => {
  await createUser(handle.db, { username: 'planner', password: 'correct horse', isAdmin: true });
  seedCatalogue(handle.db, { songs: 3000, albums: 30, playlists: 1 });
  expect(albumSongsPlan()).toContain('songs_status_deleted_idx');
  expect(JOBS).toContain(plannerStatsJob);
  // The job reads only the database.
  await plannerStatsJob.run({ db: handle.db } as JobDeps, new AbortController().signal);
  expect(albumSongsPlan()).toContain('songs_album_idx');
});
