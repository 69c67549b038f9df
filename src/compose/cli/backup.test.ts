import { Database } from 'bun:sqlite';
import { afterAll, expect, test } from 'bun:test';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { knownMigrationTags } from '../../../db/migrate.ts';
import { type ServerProcess, runCli, startMain } from '../../testing/process.ts';
import { makeTempDir, sessionCookieFrom } from '../../testing/server.ts';

// Backups taken while the server runs and a second process keeps adding songs, restored into a
// fresh folder and compared row by row; the restored server accepts the old session cookie.
const root = makeTempDir('hearth-backup-');
afterAll(() => rmSync(root, { recursive: true, force: true }));
const ADMIN = { ADMIN_USERNAME: 'mum', ADMIN_PASSWORD: 'a-long-family-password' };
const env = (dataDir: string) => ({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

function rows(dbPath: string, table: string): Record<string, unknown>[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.query(`SELECT * FROM ${table} ORDER BY rowid`).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

async function waitForLine(output: () => string, pattern: RegExp, exited: Promise<number>): Promise<void> {
  let done = false;
  void exited.then(() => (done = true));
  while (!pattern.test(output())) {
    if (done) throw new Error(`writer ended early:\n${output()}`);
    await Bun.sleep(10);
  }
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return sessionCookieFrom(response);
}

async function post(url: string, path: string, cookie: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

test('a backup taken while songs are being written restores to the same rows and media, and old sessions and app passwords still work', async () => {
  const source = join(root, 'source');
  const restored = join(root, 'restored');
  const archive = join(root, 'family.tar');
  const inPlace = join(root, 'usb');
  mkdirSync(inPlace);
  copyFileSync('media/testdata/tagged.mp3', join(inPlace, 'kept-on-usb.mp3'));
  expect((await runCli(['import', inPlace, '--in-place', '--publish'], env(source))).code).toBe(0);
  expect((await runCli(['import', 'media/testdata', '--publish'], env(source))).output).toContain('Imported');

  const server = await startMain({ ...env(source), ...ADMIN });
  const cookie = await signIn(server.url);
  await post(server.url, '/api/playlists', cookie, { name: 'Road trip' });
  const appPassword = (await post(server.url, '/api/app-passwords', cookie, { name: 'Phone' })).password as string;

  const writer = Bun.spawn([process.execPath, 'src/testing/song-writer.ts'], { env: { ...process.env, ...env(source) }, stdout: 'pipe', stderr: 'inherit' });
  let written = '';
  void (async () => {
    for await (const chunk of writer.stdout) written += new TextDecoder().decode(chunk);
  })();
  await waitForLine(() => written, /wrote 20\n/, writer.exited);
  // Every song committed before the backup started must be in it (a copy of hearth.db alone
  // would miss those still in the WAL).
  const writtenBefore = Number(/wrote (\d+)\n$/.exec(written)?.[1]);
  const backup = await runCli(['backup', archive, '--media'], env(source));
  const writtenByEnd = Number(/wrote (\d+)\n$/.exec(written)?.[1]);
  writer.kill('SIGTERM');
  expect(await writer.exited).toBe(0);
  await stop(server);
  expect(backup.code).toBe(0);
  expect(backup.output).toMatch(/^Backed up \d+ songs, \d+ albums, 1 playlists, 1 users, \d+ media files/);
  expect(backup.output).toContain(`1 songs were imported in place: their files are not in the backup; back up those folders yourself (${join(inPlace, 'kept-on-usb.mp3')})`);
  expect(readdirSync(root).sort()).toEqual(['family.tar', 'source', 'usb']);
  expect(statSync(archive).mode & 0o777).toBe(0o600);
  expect(readdirSync(source).filter((name) => name.startsWith('.backup'))).toEqual([]);

  const restore = await runCli(['restore', archive], env(restored));
  expect(restore.code).toBe(0);
  expect(restore.output).toContain('into');
  expect(statSync(join(restored, 'secret.key')).mode & 0o777).toBe(0o600);
  expect(readFileSync(join(restored, 'secret.key'), 'utf8')).toBe(readFileSync(join(source, 'secret.key'), 'utf8'));

  // One moment of the library: every song up to some id (no gap, no half-written row), equal to the source's.
  // The loudness job went on measuring after the backup: its columns are left out (a restored
  // library measures what is still pending again).
  const withoutLoudness = ({ loudness, loudness_status, loudness_error, track_gain, album_gain, track_peak, album_peak, ...row }: Record<string, unknown>) => row;
  const songs = rows(join(restored, 'hearth.db'), 'songs').map(withoutLoudness);
  const sourceSongs = rows(join(source, 'hearth.db'), 'songs').map(withoutLoudness);
  const lastId = Number(songs.at(-1)!.id);
  expect(songs).toEqual(sourceSongs.filter((song) => Number(song.id) <= lastId));
  expect(songs.filter((song) => String(song.title).startsWith('writer-')).length).toBeGreaterThanOrEqual(writtenBefore);
  expect(songs.length).toBeLessThanOrEqual(sourceSongs.length);
  expect(writtenByEnd).toBeGreaterThanOrEqual(20);
  for (const table of ['albums', 'playlists', 'playlist_entries', 'users', 'app_passwords']) {
    expect(rows(join(restored, 'hearth.db'), table)).toEqual(rows(join(source, 'hearth.db'), table));
  }
  for (const song of songs.filter((row) => row.audio_path === null)) {
    const path = join('media', 'audio', String(song.audio_hash).slice(0, 2), String(song.audio_hash));
    expect(Buffer.compare(readFileSync(join(restored, path)), readFileSync(join(source, path)))).toBe(0);
  }
  const inPlaceSong = songs.find((row) => row.audio_path !== null)!;
  expect(existsSync(join(restored, 'media', 'audio', String(inPlaceSong.audio_hash).slice(0, 2), String(inPlaceSong.audio_hash)))).toBe(false);

  const again = await startMain({ ...env(restored), ...ADMIN });
  try {
    const user = await fetch(`${again.url}/api/user`, { headers: { cookie } });
    expect(user.status).toBe(200);
    expect(((await user.json()) as { username: string }).username).toBe('mum');
    const ping = await fetch(`${again.url}/rest/ping?u=mum&p=${appPassword}&v=1.16.1&c=test&f=json`);
    expect(((await ping.json()) as { 'subsonic-response': { status: string } })['subsonic-response'].status).toBe('ok');
    const list = (await (await fetch(`${again.url}/api/songs`, { headers: { cookie } })).json()) as { audioUrl: string; title: string }[];
    const writerSong = list.find((song) => song.title.startsWith('writer-'))!;
    const audio = await fetch(`${again.url}${writerSong.audioUrl}`, { headers: { cookie, range: 'bytes=0-9' } });
    expect(audio.status).toBe(206);
    expect(await audio.text()).toStartWith('RIFF');
  } finally {
    await stop(again);
  }
}, 60_000);

test('backup refuses to overwrite a file without --force, replaces it with --force, and a failed backup leaves no file', async () => {
  const dataDir = join(root, 'refusals');
  expect((await runCli(['demo'], env(dataDir))).code).toBe(0);
  const archive = join(root, 'existing.tar.gz');
  writeFileSync(archive, 'precious');

  const refused = await runCli(['backup', archive], env(dataDir));
  expect(refused).toEqual({ code: 1, output: `Error: ${archive} already exists; add --force to replace it.\n` });
  expect(readFileSync(archive, 'utf8')).toBe('precious');

  const forced = await runCli(['backup', archive, '--force'], env(dataDir));
  expect(forced.code).toBe(0);
  expect(forced.output).toContain('(no media: add --media to include it)');
  expect(readFileSync(archive).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip

  const noFolder = await runCli(['backup', join(root, 'missing', 'x.tar')], env(dataDir));
  expect(noFolder).toEqual({ code: 1, output: `Error: The folder ${join(root, 'missing')} does not exist.\n` });
  const noData = await runCli(['backup', join(root, 'none.tar')], env(join(root, 'no-data-here')));
  expect(noData.code).toBe(1);
  expect(noData.output).toContain('There is no Hearth database in');
  expect(existsSync(join(root, 'no-data-here'))).toBe(false);

  // A media file the library uses has gone: the backup fails whole and writes nothing.
  const audioDir = join(dataDir, 'media', 'audio');
  const shard = readdirSync(audioDir)[0]!;
  const victim = readdirSync(join(audioDir, shard))[0]!;
  rmSync(join(audioDir, shard, victim));
  const broken = await runCli(['backup', join(root, 'broken.tar'), '--media'], env(dataDir));
  expect(broken.code).toBe(1);
  expect(broken.output).toContain(`The media file media/audio/${shard}/${victim} that the library uses is missing`);
  expect(readdirSync(root).filter((name) => name.includes('broken'))).toEqual([]);
  expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup'))).toEqual([]);
});

test('restore refuses a folder that is not empty, a missing file, a file that is not a Hearth backup and a newer Hearth\'s backup, leaving the folder as it was', async () => {
  const dataDir = join(root, 'restore-source');
  expect((await runCli(['demo'], env(dataDir))).code).toBe(0);
  const archive = join(root, 'ok.tar');
  expect((await runCli(['backup', archive, '--media'], env(dataDir))).code).toBe(0);

  const full = await runCli(['restore', archive], env(dataDir));
  expect(full.code).toBe(1);
  expect(full.output).toContain(`${dataDir} is not empty: restore only into an empty or new data folder`);

  const missing = await runCli(['restore', join(root, 'nope.tar')], env(join(root, 'fresh-1')));
  expect(missing).toEqual({ code: 1, output: `Error: There is no backup file at ${join(root, 'nope.tar')}.\n` });
  expect(existsSync(join(root, 'fresh-1'))).toBe(false);

  const text = join(root, 'notes.txt');
  writeFileSync(text, 'not an archive at all\n'.repeat(100));
  const empty = join(root, 'fresh-2');
  mkdirSync(empty);
  const notTar = await runCli(['restore', text], env(empty));
  expect(notTar.code).toBe(1);
  expect(notTar.output).toContain('This file is not a Hearth backup');
  expect(readdirSync(empty)).toEqual([]);

  // A database a newer Hearth migrated: backup refuses it, and restore refuses such a backup.
  const future = (path: string) => {
    const db = new Database(path);
    db.run('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)', ['from-a-newer-hearth', Date.now() + 365 * 86_400_000]);
    db.close();
  };
  const parts = join(root, 'newer-parts');
  mkdirSync(parts);
  expect(Bun.spawnSync(['tar', '-xf', archive, '-C', parts]).exitCode).toBe(0);
  future(join(parts, 'hearth.db'));
  const newerArchive = join(root, 'newer.tar');
  expect(Bun.spawnSync(['tar', '-cf', newerArchive, '-C', parts, 'hearth-backup.json', 'secret.key', 'hearth.db', 'media']).exitCode).toBe(0);
  const newer = await runCli(['restore', newerArchive], env(join(root, 'fresh-4')));
  expect(newer.code).toBe(1);
  const known = knownMigrationTags().length;
  expect(newer.output).toContain(`The database in this backup was upgraded by a newer Hearth: it has ${known + 1} migrations applied, and this Hearth knows ${known}`);
  expect(existsSync(join(root, 'fresh-4'))).toBe(false);
  future(join(parts, 'hearth.db'));
  const refusedBackup = await runCli(['backup', join(root, 'from-newer.tar')], { DATA_DIR: parts });
  expect(refusedBackup.code).toBe(1);
  expect(refusedBackup.output).toContain('The database was upgraded by a newer Hearth');
  expect(existsSync(join(root, 'from-newer.tar'))).toBe(false);

  const other = join(root, 'other.tar');
  const tar = Bun.spawnSync(['tar', '-cf', other, '-C', 'media/testdata', 'tagged.mp3']);
  expect(tar.exitCode).toBe(0);
  const foreign = await runCli(['restore', other], env(join(root, 'fresh-3')));
  expect(foreign).toEqual({ code: 1, output: 'Error: This file is not a Hearth backup: it holds tagged.mp3.\n' });
  expect(existsSync(join(root, 'fresh-3'))).toBe(false);
});

test('a backup killed outright leaves its part and staging folder; the next backup removes them and says so', async () => {
  const dataDir = join(root, 'killed');
  expect((await runCli(['demo'], env(dataDir))).code).toBe(0);
  const folder = join(root, 'nightly');
  mkdirSync(folder);
  // A process that has ended: its id names the leftovers, as a backup killed with -9 leaves them.
  const gone = Bun.spawn([process.execPath, '-e', '0']);
  await gone.exited;
  const complete = await runCli(['backup', join(folder, 'complete.tar')], env(dataDir));
  expect(complete.code).toBe(0);
  const archive = readFileSync(join(folder, 'complete.tar'));
  const stalePart = join(folder, `.family.tar.${gone.pid}.part`);
  writeFileSync(stalePart, archive.subarray(0, 3000), { mode: 0o600 }); // cut off mid-way, secret.key included
  const olderPart = join(folder, `.last-week.tar.${gone.pid}.part`);
  writeFileSync(olderPart, '');
  const staging = join(dataDir, `.backup-${gone.pid}-1700000000000`);
  mkdirSync(staging);
  writeFileSync(join(staging, 'secret.key'), 'copy of the key');
  // Not ours, or not stale: left alone.
  const notOurs = join(folder, `.notes.txt.${gone.pid}.part`);
  writeFileSync(notOurs, 'someone else\'s download');
  const running = join(folder, `.family.tar.${process.pid}.part`);
  writeFileSync(running, '');
  expect(readFileSync(stalePart).includes(Buffer.from('secret.key'))).toBe(true);

  const next = await runCli(['backup', join(folder, 'family.tar')], env(dataDir));
  expect(next.code).toBe(0);
  for (const path of [stalePart, olderPart, staging]) {
    expect(existsSync(path)).toBe(false);
    expect(next.output).toContain(`Removed ${path}, left by an earlier backup that was stopped before it finished.`);
  }
  expect(existsSync(notOurs)).toBe(true);
  expect(existsSync(running)).toBe(true);
  expect(next.output).toContain(`to ${join(folder, 'family.tar')}.`);
  expect(readdirSync(folder).sort()).toEqual([`.family.tar.${process.pid}.part`, `.notes.txt.${gone.pid}.part`, 'complete.tar', 'family.tar'].sort());
});
