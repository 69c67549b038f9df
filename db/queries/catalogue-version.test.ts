import { Database } from 'bun:sqlite';
import { afterAll, expect, test } from 'bun:test';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { makeTempDir } from '../../src/testing/server.ts';
import { insertSong } from '../../src/testing/factories.ts';
import { openDb } from '../client.ts';
import { commitProbe } from '../commit-probe.ts';
import { migrateDb } from '../migrate.ts';
import { songs } from '../schema/index.ts';
import { currentCatalogueVersion } from './catalogue-version.ts';
import { inReadSnapshot, readCatalogueVersion } from './songs.ts';

const dir = makeTempDir('hearth-catalogue-version-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function openPair(name: string) {
  const server = openDb(join(dir, name));
  migrateDb(server.db);
  const cli = openDb(join(dir, name));
  return { server, cli };
}

test('the remembered version follows writes of this connection and of another one at once', () => {
  const { server, cli } = openPair('follows.db');
  const song = insertSong(server.db, { title: 'Old Title' });
  const first = currentCatalogueVersion(server.db);
  expect(currentCatalogueVersion(server.db)).toBe(first);
  server.db.update(songs).set({ title: 'New Title' }).where(eq(songs.id, song.id)).run();
  const afterOwn = currentCatalogueVersion(server.db);
  expect(afterOwn).toBe(readCatalogueVersion(server.db));
  expect(afterOwn).not.toBe(first);
  cli.db.update(songs).set({ title: 'CLI Title' }).where(eq(songs.id, song.id)).run();
  const afterOther = currentCatalogueVersion(server.db);
  expect(afterOther).toBe(readCatalogueVersion(cli.db));
  expect(afterOther).not.toBe(afterOwn);
  // A checkpoint that restarts the WAL changes no data: the version stays.
  cli.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  expect(currentCatalogueVersion(server.db)).toBe(afterOther);
  server.close();
  cli.close();
});

// A read snapshot sees the version as it began; remembering that against the newer commit
// would keep a stale version until the next write.
test('a read inside a snapshot that another connection has moved past is not remembered', () => {
  const { server, cli } = openPair('snapshot.db');
  const song = insertSong(server.db, { title: 'Before' });
  const before = currentCatalogueVersion(server.db);
  const inSnapshot = inReadSnapshot(server.db, () => {
    readCatalogueVersion(server.db); // the snapshot starts here
    cli.db.update(songs).set({ title: 'After' }).where(eq(songs.id, song.id)).run();
    return currentCatalogueVersion(server.db);
  });
  expect(inSnapshot).toBe(before);
  const after = currentCatalogueVersion(server.db);
  expect(after).not.toBe(before);
  expect(after).toBe(readCatalogueVersion(cli.db));
  server.close();
  cli.close();
});

test('inside a write transaction the version includes its own uncommitted writes', () => {
  const { server, cli } = openPair('transaction.db');
  const song = insertSong(server.db, { title: 'Before' });
  const before = currentCatalogueVersion(server.db);
  server.db.transaction(() => {
    server.db.update(songs).set({ title: 'During' }).where(eq(songs.id, song.id)).run();
    expect(currentCatalogueVersion(server.db)).not.toBe(before);
  });
  expect(currentCatalogueVersion(server.db)).toBe(readCatalogueVersion(cli.db));
  server.close();
  cli.close();
});

test('a database no longer in WAL mode, with a -shm file left beside it, still follows every write', () => {
  const path = join(dir, 'rollback.db');
  const server = openDb(path);
  migrateDb(server.db);
  const song = insertSong(server.db, { title: 'Before' });
  const index = readFileSync(`${path}-shm`);
  server.sqlite.exec('PRAGMA journal_mode = DELETE');
  writeFileSync(`${path}-shm`, index); // a WAL index left behind, as a crash could leave one
  const before = currentCatalogueVersion(server.db);
  const other = new Database(path);
  other.exec(`UPDATE songs SET title = 'After' WHERE id = ${song.id}`);
  other.close();
  expect(currentCatalogueVersion(server.db)).not.toBe(before);
  server.close();
});

// SQLite keeps the WAL index beside the file a symlink names; a stale -shm left beside the link
// (a database moved to another disk and linked back) must not be the one watched.
test('a database opened through a symlink follows every write, whatever lies beside the link', () => {
  const real = join(dir, 'disk', 'hearth.db');
  const link = join(dir, 'data', 'hearth.db');
  mkdirSync(dirname(real), { recursive: true });
  mkdirSync(dirname(link), { recursive: true });
  const first = openDb(real);
  migrateDb(first.db);
  const song = insertSong(first.db, { title: 'Before' });
  writeFileSync(`${link}-shm`, readFileSync(`${real}-shm`)); // a WAL index left behind
  first.close();
  symlinkSync(real, link);
  const server = openDb(link);
  const before = currentCatalogueVersion(server.db);
  server.db.update(songs).set({ title: 'After' }).where(eq(songs.id, song.id)).run();
  expect(currentCatalogueVersion(server.db)).not.toBe(before);
  expect(currentCatalogueVersion(server.db)).toBe(readCatalogueVersion(server.db));
  expect(commitProbe(server.sqlite)).not.toBeNull(); // the index SQLite uses is watched, not given up on
  server.close();
});
