import { afterAll, beforeAll, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { referencedAudioHashes } from '../../../db/queries/media-refs.ts';
import { songs } from '../../../db/schema/index.ts';
import { s3Storage } from '../../../media/s3-storage.ts';
import { localStorage } from '../../../media/storage.ts';
import { journalPath } from '../../../media/storage-migration.ts';
import { encodeWav } from '../../../media/wav.ts';
import { parseConfig } from '../../config.ts';
import { openDataDir } from '../../data-dir.ts';
import { uploadSong } from '../../services/media/audio.ts';
import { filesUnder } from '../../testing/media-fixtures.ts';
import { runCli, startMain } from '../../testing/process.ts';
import { type TestBucket, startTestBucket } from '../../testing/s3-server.ts';
import { makeTempDir } from '../../testing/server.ts';

const SONGS = 40;
let bucket: TestBucket;
let dataDir: string;
let hashes: string[];
let env: Record<string, string>;
beforeAll(async () => {
  bucket = await startTestBucket();
  dataDir = makeTempDir();
  env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...bucket.env };
  const { handle, paths } = openDataDir(dataDir);
  const storage = localStorage(paths.mediaDir);
  for (let i = 1; i <= SONGS; i++) {
    // Different samples, a different hash each; large enough that a move takes a while.
    const bytes = encodeWav(Float32Array.from({ length: 150_000 }, (_, n) => Math.sin((n * (i + 1)) / 7) * 0.5), 22050);
    const tempPath = storage.tempPath();
    writeFileSync(tempPath, bytes);
    const hash = new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
    await uploadSong(handle.db, storage, { tempPath, hash, size: bytes.length, filename: `song-${i}.wav` }, { status: 'published', userId: null });
  }
  hashes = [...referencedAudioHashes(handle.db)];
  handle.close();
});
afterAll(async () => {
  await bucket.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const disk = () => localStorage(join(dataDir, 'media')).audio;
const inBucket = () => s3Storage(join(dataDir, 'media'), parseConfig(env).s3!).audio;
const journalLines = (to: 's3' | 'disk') => {
  const path = journalPath(join(dataDir, 'media'), to);
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean).length : 0;
};
async function sha256(blob: Blob) {
  return new Bun.CryptoHasher('sha256').update(await blob.arrayBuffer()).digest('hex');
}

/** Starts a move, kills it (SIGKILL) once it has verified a first object, and returns how far it got. */
async function killMidway(to: 's3' | 'disk'): Promise<number> {
  const child = Bun.spawn([process.execPath, 'src/compose/cli/index.ts', 'storage', 'migrate', '--to', to], { env: { ...process.env, ...env }, stdout: 'ignore', stderr: 'ignore' });
  const deadline = Date.now() + 20_000;
  while (journalLines(to) === 0 && Date.now() < deadline) await Bun.sleep(2);
  child.kill('SIGKILL');
  await child.exited;
  return journalLines(to);
}

test('a library moves to the bucket and back, killed midway each time, verified, the source kept until asked', async () => {
  expect(hashes.length).toBe(SONGS);
  const halfway = await killMidway('s3');
  expect(halfway).toBeGreaterThan(0);
  expect(halfway).toBeLessThan(SONGS);

  const resumed = await runCli(['storage', 'migrate', '--to', 's3'], env);
  expect(resumed.output).toContain(`All ${SONGS} songs' audio is in the bucket hearth-test, verified.`);
  expect(resumed.output).toContain(`${SONGS}/${SONGS} songs`);
  expect(resumed.code).toBe(0);
  for (const hash of hashes) expect(await sha256(inBucket().blob(hash))).toBe(hash);
  // Nothing left the disk: Hearth may still be serving from it until it restarts.
  expect(filesUnder(join(dataDir, 'media', 'audio')).length).toBe(SONGS);

  const freed = await runCli(['storage', 'migrate', '--to', 's3', '--remove-source'], env);
  expect(freed.code).toBe(0);
  expect(freed.output).toContain(`Removed ${SONGS} copies from the disk.`);
  expect(filesUnder(join(dataDir, 'media', 'audio'))).toEqual([]);

  // A backup with --media takes the audio from the bucket; restored, it lands on disk.
  const archive = join(makeTempDir(), 'family.tar');
  const backup = await runCli(['backup', archive, '--media'], env);
  expect(backup.output).toContain(`${SONGS} media files`);
  expect(backup.code).toBe(0);
  const restoredDir = makeTempDir();
  rmSync(restoredDir, { recursive: true });
  expect((await runCli(['restore', archive], { DATA_DIR: restoredDir, LOG_LEVEL: 'warn' })).code).toBe(0);
  for (const hash of hashes) expect(await sha256(localStorage(join(restoredDir, 'media')).audio.blob(hash))).toBe(hash);
  rmSync(restoredDir, { recursive: true, force: true });
  rmSync(join(archive, '..'), { recursive: true, force: true });

  const back = await killMidway('disk');
  expect(back).toBeGreaterThan(0);
  expect(back).toBeLessThan(SONGS);
  const home = await runCli(['storage', 'migrate', '--to', 'disk', '--remove-source'], env);
  expect(home.output).toContain(`All ${SONGS} songs' audio is in DATA_DIR/media, verified.`);
  expect(home.code).toBe(0);
  for (const hash of hashes) {
    expect(await sha256(disk().blob(hash))).toBe(hash);
    expect(await inBucket().stat(hash)).toBeNull();
  }
  expect(filesUnder(join(dataDir, 'media', 'tmp'))).toEqual([]);
}, 120_000);

test('a copy whose bytes do not match stays out, and nothing is removed', async () => {
  const [first] = hashes;
  const path = disk().location(first!);
  const good = readFileSync(path);
  writeFileSync(path, 'not the song');
  try {
    rmSync(journalPath(join(dataDir, 'media'), 's3'), { force: true });
    const run = await runCli(['storage', 'migrate', '--to', 's3', '--remove-source'], env);
    expect(run.code).toBe(1);
    expect(run.output).toContain(`could not be verified (its bytes did not match its hash, or could not be read back) and stayed where it was: ${first}. Nothing was removed.`);
    expect(filesUnder(join(dataDir, 'media', 'audio')).length).toBe(SONGS);
  } finally {
    writeFileSync(path, good);
  }
}, 60_000);

test('Hearth keeps playing from the disk during a move, and from the bucket once restarted with S3_BUCKET', async () => {
  const { handle } = openDataDir(dataDir);
  const song = handle.db.select().from(songs).get()!;
  handle.close();
  const path = `/media/songs/${song.shareId}/${song.audioHash}.${song.audioFormat}`;
  const plays = async (url: string) => {
    const response = await fetch(url + path, { headers: { range: 'bytes=0-99' } });
    return response.status === 206 && (await sha256(new Blob([await response.arrayBuffer()]))) === (await sha256(disk().blob(song.audioHash).slice(0, 100)));
  };
  const onDisk = await startMain({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  try {
    const moving = runCli(['storage', 'migrate', '--to', 's3'], env);
    let answered = 0;
    let done = false;
    void moving.then(() => (done = true));
    while (!done) {
      expect(await plays(onDisk.url)).toBe(true);
      answered += 1;
    }
    expect(answered).toBeGreaterThan(0);
    expect((await moving).code).toBe(0);
  } finally {
    onDisk.child.kill('SIGTERM');
    await onDisk.exited;
  }
  expect((await runCli(['storage', 'migrate', '--to', 's3', '--remove-source'], env)).code).toBe(0);
  expect(filesUnder(join(dataDir, 'media', 'audio'))).toEqual([]);
  const onBucket = await startMain(env);
  try {
    const response = await fetch(onBucket.url + path);
    expect(response.status).toBe(200);
    expect(await sha256(new Blob([await response.arrayBuffer()]))).toBe(song.audioHash);
  } finally {
    onBucket.child.kill('SIGTERM');
    await onBucket.exited;
  }
}, 120_000);

test('a journal left by an earlier move is only a hint: what the target lacks is copied, and nothing is removed before', async () => {
  // Everything is in the bucket now; a stale journal claims the disk already holds it all
  // (a move to another data folder, say). Trusting it would delete the only copy.
  expect(filesUnder(join(dataDir, 'media', 'audio'))).toEqual([]);
  writeFileSync(journalPath(join(dataDir, 'media'), 'disk'), `${hashes.join('\n')}\n`);
  const home = await runCli(['storage', 'migrate', '--to', 'disk', '--remove-source'], env);
  expect(home.code).toBe(0);
  for (const hash of hashes) {
    expect(await sha256(disk().blob(hash))).toBe(hash);
    expect(await inBucket().stat(hash)).toBeNull();
  }
}, 120_000);
