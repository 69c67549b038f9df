import { afterAll, expect, test } from 'bun:test';
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { albums, importFiles, songs } from '../../../db/schema/index.ts';
import { localStorage } from '../../../media/storage.ts';
import { openDataDir } from '../../data-dir.ts';
import { fixture } from '../../testing/media-fixtures.ts';
import { runCli } from '../../testing/process.ts';
import { makeTempDir } from '../../testing/server.ts';

// The import writes its songs many to a transaction (src/services/media/import-batch.ts): these
// hold what one transaction per song gave for free, with more files than one batch takes.
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function fresh(prefix?: string): string {
  const dir = makeTempDir(prefix);
  dirs.push(dir);
  return dir;
}

/** `n` distinct tagged MP3s (trailing bytes make each hash differ), `track-0000.mp3` on. */
function distinctTracks(n: number): string {
  const dir = fresh('hearth-library-');
  const bytes = readFileSync(fixture('tagged.mp3'));
  for (let i = 0; i < n; i++) writeFileSync(join(dir, `track-${String(i).padStart(4, '0')}.mp3`), Buffer.concat([bytes, Buffer.from(`pad ${i}`)]));
  return dir;
}

const env = (dataDir: string) => ({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

/** What a finished or killed import left: every song whole (album, import record, stored audio). */
function library(dataDir: string) {
  const { handle, paths } = openDataDir(dataDir);
  try {
    const rows = handle.db.select().from(songs).all();
    const albumIds = new Set(handle.db.select().from(albums).all().map((album) => album.id));
    const recorded = new Set(handle.db.select().from(importFiles).all().map((file) => file.audioHash));
    const audio = localStorage(paths.mediaDir).audio;
    return {
      songs: rows.length,
      hashes: new Set(rows.map((song) => song.audioHash)).size,
      whole: rows.every((song) => song.albumId !== null && albumIds.has(song.albumId) && recorded.has(song.audioHash) && existsSync(audio.location(song.audioHash))),
      records: recorded.size,
    };
  } finally {
    handle.close();
  }
}

test('duplicates in the same and in a later batch, and a broken file among them: each counted once, the rest of its batch kept', async () => {
  const dir = distinctTracks(450);
  copyFileSync(join(dir, 'track-0007.mp3'), join(dir, 'track-0007-again.mp3'));
  copyFileSync(join(dir, 'track-0007.mp3'), join(dir, 'zz-track-0007.mp3'));
  copyFileSync(fixture('fake.mp3'), join(dir, 'track-0300-broken.mp3'));
  const dataDir = fresh();
  const first = await runCli(['import', dir, '--publish'], env(dataDir));
  expect(first.output).toContain('Imported 450, skipped 2, failed 1.');
  expect(first.output).toContain('skipped 2: already imported');
  expect(first.output).toContain('failed track-0300-broken.mp3: "track-0300-broken.mp3" is not a supported audio format');
  expect(library(dataDir)).toEqual({ songs: 450, hashes: 450, whole: true, records: 450 });

  const again = await runCli(['import', dir, '--publish'], env(dataDir));
  expect(again.output).toContain('Imported 0, skipped 452, failed 1.');
  expect(library(dataDir).songs).toBe(450);
}, 60_000);

test('an import killed mid-way leaves whole songs only, and running it again brings in the rest', async () => {
  const dir = distinctTracks(600);
  const dataDir = fresh();
  const { handle } = openDataDir(dataDir);
  const child = Bun.spawn([process.execPath, 'src/compose/cli/index.ts', 'import', dir, '--publish'], { env: { ...process.env, ...env(dataDir) }, stdout: 'ignore', stderr: 'ignore' });
  let written = 0;
  try {
    // Killed as soon as the first songs are in, long before the 600th file is read.
    while (written === 0 && child.exitCode === null) {
      written = handle.db.select({ n: count() }).from(songs).get()!.n;
      if (written === 0) await Bun.sleep(5);
    }
    child.kill('SIGKILL');
    await child.exited;
  } finally {
    handle.close();
  }
  expect(child.signalCode).toBe('SIGKILL');
  const killed = library(dataDir);
  expect(killed.songs).toBeGreaterThan(0);
  expect(killed.songs).toBeLessThan(600);
  expect(killed).toMatchObject({ hashes: killed.songs, whole: true, records: killed.songs });

  const rerun = await runCli(['import', dir, '--publish'], env(dataDir));
  expect(rerun.output).toContain(`Imported ${600 - killed.songs}, skipped ${killed.songs}, failed 0.`);
  expect(library(dataDir)).toEqual({ songs: 600, hashes: 600, whole: true, records: 600 });
}, 60_000);

// Two imports of one folder at once, over several batches each: the same-audio check runs per
// song under the write lock, so each file becomes one song whichever batch gets there first.
test('two imports of the same 450 files at once add each file once', async () => {
  const dir = distinctTracks(450);
  const dataDir = fresh();
  openDataDir(dataDir).handle.close();
  const results = await Promise.all([runCli(['import', dir, '--publish'], env(dataDir)), runCli(['import', dir, '--publish'], env(dataDir))]);
  for (const result of results) expect(result.output).toContain('failed 0.');
  const imported = results.map((result) => Number(/Imported (\d+),/.exec(result.output)?.[1]));
  expect(imported[0]! + imported[1]!).toBe(450);
  expect(library(dataDir)).toEqual({ songs: 450, hashes: 450, whole: true, records: 450 });
}, 90_000);
