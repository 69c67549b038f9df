import { afterAll, beforeAll, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { findAlbumById } from '../../../db/queries/albums.ts';
import { findSongById } from '../../../db/queries/songs.ts';
import { openDataDir } from '../../data-dir.ts';
import { insertAlbum, insertSong } from '../../testing/factories.ts';
import { runCli } from '../../testing/process.ts';
import { makeTempDir } from '../../testing/server.ts';

const DAY = 24 * 60 * 60 * 1000;
let dataDir: string;
beforeAll(() => {
  dataDir = makeTempDir();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('bun run cli purge removes what was deleted more than 7 days ago, and nothing else', async () => {
  const { handle } = openDataDir(dataDir);
  const old = insertSong(handle.db, { deletedAt: new Date(Date.now() - 8 * DAY) });
  const recent = insertSong(handle.db, { deletedAt: new Date(Date.now() - 2 * DAY) });
  const live = insertSong(handle.db);
  const oldAlbum = insertAlbum(handle.db, { deletedAt: new Date(Date.now() - 8 * DAY) });
  handle.close();

  const result = await runCli(['purge'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  expect(result).toEqual({ code: 0, output: 'Purged 1 songs, 1 albums and 0 playlists deleted more than 7 days ago.\n' });

  const { handle: after } = openDataDir(dataDir);
  expect(findSongById(after.db, old.id)).toBeUndefined();
  expect(findAlbumById(after.db, oldAlbum.id)).toBeUndefined();
  expect(findSongById(after.db, recent.id)).toBeDefined();
  expect(findSongById(after.db, live.id)).toBeDefined();
  after.close();
});

test('the purge command is listed in the usage', async () => {
  const { output } = await runCli(['help'], { DATA_DIR: dataDir });
  expect(output).toContain('purge ');
});
