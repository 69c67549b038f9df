import { afterAll, beforeAll, expect, test } from 'bun:test';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listLiveAlbums } from '../../../db/queries/albums.ts';
import { eq } from 'drizzle-orm';
import { albums, songLyrics, songs } from '../../../db/schema/index.ts';
import { filesUnder, fixture } from '../../testing/media-fixtures.ts';
import { loudnessFixture, taggedFlac } from '../../testing/loudness-fixtures.ts';
import { openDataDir } from '../../data-dir.ts';
import { runCli } from '../../testing/process.ts';
import { makeTempDir } from '../../testing/server.ts';

let library: string;
const dirs: string[] = [];
beforeAll(() => {
  library = makeTempDir('hearth-library-');
  dirs.push(library);
  mkdirSync(join(library, 'Fixture Album', 'disc 1'), { recursive: true });
  copyFileSync(fixture('tagged.mp3'), join(library, 'Fixture Album', 'disc 1', '03 tone.mp3'));
  copyFileSync(fixture('tone.flac'), join(library, 'tone.flac'));
  copyFileSync(fixture('tone.opus'), join(library, 'Fixture Album', 'tone.opus'));
  copyFileSync(fixture('tone.flac'), join(library, 'duplicate of tone.flac'.replace(/ /g, '-') + '.flac'));
  copyFileSync(fixture('fake.mp3'), join(library, 'broken.mp3'));
  writeFileSync(join(library, 'cut-short.ogg'), new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 9, 9]));
  writeFileSync(join(library, 'notes.txt'), 'not music');
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function fresh(): string {
  const dir = makeTempDir();
  dirs.push(dir);
  return dir;
}

const listAlbumsIn = (dataDir: string) => {
  const { handle } = openDataDir(dataDir);
  const rows = listLiveAlbums(handle.db);
  handle.close();
  return rows;
};

const read = (dataDir: string) => {
  const { handle } = openDataDir(dataDir);
  const result = { songs: handle.db.select().from(songs).all(), albums: handle.db.select().from(albums).all() };
  handle.close();
  return result;
};

test('import twice: tags, albums and artwork the first time, nothing new the second; broken files reported', async () => {
  const dataDir = fresh();
  const first = await runCli(['import', library, '--publish'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  expect(first.code).toBe(1);
  expect(first.output).toContain('Imported 3, skipped 1, failed 2.');
  expect(first.output).toContain('Error: 2 of 6 files could not be imported (listed above)');
  expect(first.output).toContain('skipped 1: already imported');
  expect(first.output).toContain('failed broken.mp3: "broken.mp3" is not a supported audio format');
  expect(first.output).toContain('failed cut-short.ogg');
  const { songs: rows, albums: albumRows } = read(dataDir);
  const tagged = rows.find((song) => song.title === 'Hearth Tone')!;
  expect(tagged).toMatchObject({ artist: 'Fixture Band', albumOrder: 3, status: 'published', audioPath: null });
  expect(albumRows.map((album) => album.name)).toEqual(['Fixture Album']);
  expect(listAlbumsIn(dataDir)[0]!.artworkUrl).toBe(tagged.artworkUrl);
  expect(tagged.artworkUrl).toMatch(/^\/objects\/images\/[0-9a-f]{64}\.png$/);
  expect(filesUnder(join(dataDir, 'media', 'audio'))).toHaveLength(3);

  const second = await runCli(['import', library], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  expect(second.output).toContain('Imported 0, skipped 4, failed 2.');
  expect(second.code).toBe(1);
  expect(read(dataDir).songs).toHaveLength(3);
});

test('--in-place references the files where they are and never copies or deletes them', async () => {
  const dataDir = fresh();
  const result = await runCli(['import', library, '--in-place'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  expect(result.output).toContain('Imported 3');
  const rows = read(dataDir).songs;
  expect(rows.every((song) => song.audioPath?.startsWith(library) && song.status === 'pending')).toBe(true);
  expect(filesUnder(join(dataDir, 'media', 'audio'))).toEqual([]);
  expect(existsSync(join(library, 'tone.flac'))).toBe(true);
});

test('a missing folder is a clear error, exit 1', async () => {
  const result = await runCli(['import', join(library, 'nope')], { DATA_DIR: fresh(), LOG_LEVEL: 'silent' });
  expect(result.code).toBe(1);
  expect(result.output).toContain('is not a folder');
});

/** `count` distinct tagged MP3s (trailing bytes make each hash differ) in a fresh folder. */
function distinctTracks(count: number): string {
  const dir = makeTempDir('hearth-library-');
  dirs.push(dir);
  const bytes = readFileSync(fixture('tagged.mp3'));
  for (let i = 0; i < count; i++) writeFileSync(join(dir, `track-${i}.mp3`), Buffer.concat([bytes, Buffer.from(`pad ${i}`)]));
  return dir;
}

test('a clean import exits 0', async () => {
  const result = await runCli(['import', distinctTracks(2)], { DATA_DIR: fresh(), LOG_LEVEL: 'silent' });
  expect(result.output).toContain('Imported 2, skipped 0, failed 0.');
  expect(result.code).toBe(0);
});

// The server (or another CLI) writing at the same time: each file's insert waits for the other
// writer instead of failing "database is locked" (BEGIN IMMEDIATE lets busy_timeout apply).
test('import while another process keeps taking the write lock: no file is lost', async () => {
  const dataDir = fresh();
  openDataDir(dataDir).handle.close();
  const holder = Bun.spawn([process.execPath, 'src/testing/hold-write-lock.ts', join(dataDir, 'hearth.db'), '150', '200', '30'], { stdout: 'pipe' });
  const reader = holder.stdout.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toContain('locked');
  try {
    const result = await runCli(['import', distinctTracks(12), '--publish'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(result.output).toContain('Imported 12, skipped 0, failed 0.');
    expect(result.code).toBe(0);
  } finally {
    holder.kill();
    await holder.exited;
  }
  expect(read(dataDir).songs).toHaveLength(12);
}, 30_000);

// Two imports of one folder at once (two terminals, a cron job and a person): the check for the
// same audio runs inside the insert's write transaction, so each file becomes one song.
test('two imports of the same folder at once add each file once', async () => {
  const dataDir = fresh();
  openDataDir(dataDir).handle.close();
  const dir = distinctTracks(40);
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  const results = await Promise.all([runCli(['import', dir, '--publish'], env), runCli(['import', dir, '--publish'], env)]);
  const imported = results.map((result) => Number(/Imported (\d+),/.exec(result.output)?.[1]));
  for (const result of results) expect(result.code).toBe(0);
  expect(imported[0]! + imported[1]!).toBe(40);
  const rows = read(dataDir).songs;
  expect(rows).toHaveLength(40);
  expect(new Set(rows.map((song) => song.audioHash)).size).toBe(40);
}, 60_000);

// Re-importing a big unchanged library must not read it all again: path, size and mtime decide.
test('re-import reads only new or changed files', async () => {
  const dataDir = fresh();
  const dir = distinctTracks(3);
  expect((await runCli(['import', dir], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' })).output).toContain('Imported 3, skipped 0, failed 0.');
  // Same size and mtime but other bytes: only reading the file could tell, and a re-import must not.
  const unchanged = join(dir, 'track-0.mp3');
  const { size, atime, mtime } = statSync(unchanged);
  writeFileSync(unchanged, Buffer.alloc(size, 0x20));
  utimesSync(unchanged, atime, mtime);
  // A changed file (new content, new mtime) and a new one are read and imported.
  const bytes = readFileSync(fixture('tagged.mp3'));
  writeFileSync(join(dir, 'track-1.mp3'), Buffer.concat([bytes, Buffer.from('changed')]));
  utimesSync(join(dir, 'track-1.mp3'), atime, new Date(mtime.getTime() + 5000));
  writeFileSync(join(dir, 'track-new.mp3'), Buffer.concat([bytes, Buffer.from('new')]));
  const again = await runCli(['import', dir], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  expect(again.output).toContain('Imported 2, skipped 2, failed 0.');
  expect(again.code).toBe(0);
  expect(read(dataDir).songs).toHaveLength(5);
});

// Lyrics beside the files: an .lrc wins over the file's own; a damaged one never fails the import.
test('import reads the .lrc beside each file (Latin-1, offset); a malformed one is noted, the song still imported', async () => {
  const dir = makeTempDir('hearth-library-');
  dirs.push(dir);
  copyFileSync(fixture('lyrics-lrc.flac'), join(dir, 'own.flac'));
  copyFileSync(fixture('lyrics-lrc.flac'), join(dir, 'beside.flac'));
  writeFileSync(join(dir, 'beside.flac'), Buffer.concat([readFileSync(join(dir, 'beside.flac')), Buffer.from('pad 1')]));
  writeFileSync(join(dir, 'beside.lrc'), Buffer.from('[ar:Someone]\n[offset:+100]\n[00:01.10]Café crème\n', 'latin1'));
  copyFileSync(fixture('tone.opus'), join(dir, 'broken.opus'));
  writeFileSync(join(dir, 'broken.lrc'), '[ti:Only tags]\n[00:xx]\n[1:x:3]\n');
  copyFileSync(fixture('tone.ogg'), join(dir, 'damaged.ogg'));
  writeFileSync(join(dir, 'damaged.lrc'), '[00:01.00]Kept\n[0x:zz]Lost\n');
  const dataDir = fresh();
  const result = await runCli(['import', dir, '--publish'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  expect(result.output).toContain('Imported 4, skipped 0, failed 0.');
  expect(result.output).toContain('note broken.opus: lyrics file has no lyrics in it; not used');
  expect(result.output).toContain('note damaged.ogg: lyrics file: 1 line without a time skipped');
  expect(result.code).toBe(0);
  const { handle } = openDataDir(dataDir);
  const byTitleAndFile = handle.db.select({ file: songs.originalFilename, lyrics: songLyrics }).from(songs).leftJoin(songLyrics, eq(songLyrics.songId, songs.id)).all();
  handle.close();
  const of = (file: string) => byTitleAndFile.find((row) => row.file === file)!.lyrics;
  expect(of('beside.flac')).toMatchObject({ synced: true, source: 'lrc-file', lines: [{ start: 1000, value: 'Café crème' }] });
  expect(of('own.flac')).toMatchObject({ synced: true, source: 'embedded', lines: [{ start: 500, value: 'La la' }, { start: 2000, value: 'Hey' }, { start: 2500, value: 'La la' }] });
  expect(of('broken.opus')).toBeNull();
  expect(of('damaged.ogg')).toMatchObject({ synced: true, lines: [{ start: 1000, value: 'Kept' }] });
});

test('an absurd ReplayGain tag never fails the import: the song comes in without that gain, pending measurement, and the summary says so', async () => {
  const dir = makeTempDir('hearth-library-');
  dirs.push(dir);
  const wav = loudnessFixture(dir, -20, 2);
  taggedFlac(wav, join(dir, 'absurd.flac'), { title: 'Absurd', REPLAYGAIN_TRACK_GAIN: '+300 dB', REPLAYGAIN_TRACK_PEAK: '0.2' });
  rmSync(wav);
  rmSync(join(dir, 'base-2.wav'));
  const dataDir = fresh();
  const result = await runCli(['import', dir, '--publish'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  expect(result.output).toContain('Imported 1, skipped 0, failed 0.');
  expect(result.output).toContain('note absurd.flac: ReplayGain tag ignored (track gain +300 dB): out of range; the loudness is measured instead');
  expect(result.code).toBe(0);
  expect(read(dataDir).songs).toMatchObject([{ title: 'Absurd', trackGain: null, albumGain: null, trackPeak: 0.2, loudnessStatus: 'pending' }]);
});
