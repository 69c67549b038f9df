import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { songs } from '../../../db/schema/index.ts';
import { openDataDir } from '../../data-dir.ts';
import { runCli } from '../../testing/process.ts';
import { makeTempDir } from '../../testing/server.ts';
import { taggedTone } from '../../testing/tag-fixtures.ts';

// Genres, years, disc and track numbers from ID3, Vorbis comments and MP4 atoms, at import and
// again for songs imported before they were read.
const dirs: string[] = [];
let library: string;
beforeAll(() => {
  library = makeTempDir('hearth-tags-');
  dirs.push(library);
  mkdirSync(join(library, 'Album'));
  taggedTone(join(library, 'Album', 'one.mp3'), { title: 'Id3 Song', album: 'Tagged', genre: 'Rock & Roll; Jazz', date: '1999', disc: '2/3', track: '4/12' }, 330);
  taggedTone(join(library, 'Album', 'two.flac'), { title: 'Flac Song', album: 'Tagged', genre: 'Folk/folk , Blues', date: '2001-05-02', disc: '1', track: '7' }, 440);
  taggedTone(join(library, 'Album', 'three.ogg'), { title: 'Ogg Song', genre: 'Ambient | Drone', date: '1987', track: '2' }, 550);
  taggedTone(join(library, 'four.m4a'), { title: 'Mp4 Song', genre: 'Hip-Hop', date: '2010', disc: '3/4', track: '9/10' }, 660);
  taggedTone(join(library, 'bare.mp3'), { title: 'Bare Song' }, 770);
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const tagFieldsIn = (dataDir: string) => {
  const { handle } = openDataDir(dataDir);
  const rows = handle.db
    .select({ title: songs.title, genres: songs.genres, year: songs.year, disc: songs.discNumber, track: songs.trackNumber, order: songs.albumOrder })
    .from(songs)
    .orderBy(songs.title)
    .all();
  handle.close();
  return rows;
};

// A later disc's tracks sort after the earlier discs' in the album (album order).
const EXPECTED = [
  { title: 'Bare Song', genres: [], year: null, disc: null, track: null, order: null },
  { title: 'Flac Song', genres: ['Folk', 'Blues'], year: 2001, disc: 1, track: 7, order: 7 },
  { title: 'Id3 Song', genres: ['Rock & Roll', 'Jazz'], year: 1999, disc: 2, track: 4, order: 1004 },
  { title: 'Mp4 Song', genres: ['Hip-Hop'], year: 2010, disc: 3, track: 9, order: 2009 },
  { title: 'Ogg Song', genres: ['Ambient', 'Drone'], year: 1987, disc: null, track: 2, order: 2 },
];

test('import reads genres (split, deduplicated), year, disc and track from MP3, FLAC, Ogg and M4A', async () => {
  const dataDir = makeTempDir();
  dirs.push(dataDir);
  const result = await runCli(['import', library, '--publish'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  expect(result.output).toContain('Imported 5, skipped 0, failed 0.');
  expect(tagFieldsIn(dataDir)).toEqual(EXPECTED);
});

test('a re-import fills them for songs imported before they were read, adding no song', async () => {
  const dataDir = makeTempDir();
  dirs.push(dataDir);
  expect((await runCli(['import', library, '--publish'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' })).code).toBe(0);
  // As a library imported by an earlier version looks: the columns at their defaults, no folder recorded.
  const { handle } = openDataDir(dataDir);
  handle.db.$client.run("DELETE FROM settings WHERE key = 'importRoots'");
  // (Album order was the track number alone then.)
  handle.db.$client.run("UPDATE songs SET genres = '[]', year = NULL, disc_number = NULL, track_number = NULL, album_order = track_number");
  // One song's file is no longer known by path (moved since): found by its content instead.
  handle.db.$client.run("DELETE FROM import_files WHERE path LIKE '%four.m4a'");
  handle.close();
  const again = await runCli(['import', library, '--publish'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  expect(again.output).toContain('Imported 0, skipped 5, failed 0.');
  expect(tagFieldsIn(dataDir)).toEqual(EXPECTED);

  // Once per folder: fields emptied since (as an admin may) stay empty at the next re-import.
  const reopened = openDataDir(dataDir).handle;
  reopened.db.$client.run("UPDATE songs SET genres = '[]', year = NULL, disc_number = NULL, track_number = NULL WHERE title = 'Ogg Song'");
  reopened.close();
  expect((await runCli(['import', library, '--publish'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' })).output).toContain('Imported 0, skipped 5, failed 0.');
  expect(tagFieldsIn(dataDir).find((row) => row.title === 'Ogg Song')).toMatchObject({ genres: [], year: null, disc: null, track: null });
});
