import { afterAll, expect, test } from 'bun:test';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, spawnMain } from '../src/testing/process.ts';
import { makeTempDir } from '../src/testing/server.ts';
import { createUser } from '../src/services/accounts/users.ts';
import { insertPlaylist, insertSong } from '../src/testing/factories.ts';
import { openDb } from './client.ts';
import { MIGRATIONS_DIR, MigrationError, NewerDatabaseError, knownMigrationTags, migrateDb, schemaState } from './migrate.ts';

// What this Hearth ships, so a new migration does not mean editing these tests.
const KNOWN = knownMigrationTags();
const next = (name: string) => `${String(KNOWN.length).padStart(4, '0')}_${name}`;

const root = makeTempDir('hearth-migrate-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A copy of the committed migrations plus one more, as a later Hearth would ship it. */
function migrationsWith(name: string, statements: string[]): string {
  const folder = join(root, `migrations-${name}`);
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
  const last = journal.entries.at(-1)!;
  const tag = `${String(last.idx + 1).padStart(4, '0')}_${name}`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  writeFileSync(join(folder, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n'));
  return folder;
}

/** A migrated database with a user, a song and a playlist holding it. */
async function seeded(name: string) {
  const path = join(root, `${name}.db`);
  const handle = openDb(path);
  migrateDb(handle.db);
  const user = await createUser(handle.db, { username: 'mum', password: 'a-long-family-password', isAdmin: true });
  const song = insertSong(handle.db);
  insertPlaylist(handle.db, { userId: user.id }, [song.id]);
  return { path, handle };
}

const schemaOf = (handle: ReturnType<typeof openDb>) =>
  handle.sqlite.query("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all();
const count = (handle: ReturnType<typeof openDb>, table: string) =>
  (handle.sqlite.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

test('a failing migration rolls back all of this start\'s migrations: the database is as it was', async () => {
  const { handle } = await seeded('failing');
  const folder = migrationsWith('broken', [
    'CREATE TABLE `extra` (`x` integer);',
    'ALTER TABLE `songs` ADD `rating` integer;',
    'INSERT INTO `no_such_table` VALUES (1);',
  ]);
  const before = schemaOf(handle);
  expect(() => migrateDb(handle.db, folder)).toThrow(MigrationError);
  expect(() => migrateDb(handle.db, folder)).toThrow(new RegExp(`^Migration ${next('broken')} failed \\(no such table: no_such_table\\); the database was left as it was\\.$`));
  expect(schemaOf(handle)).toEqual(before);
  expect(count(handle, '__drizzle_migrations')).toBe(KNOWN.length);
  expect(count(handle, 'playlist_entries')).toBe(1);
  // The connection is usable afterwards, with foreign keys back on.
  expect(handle.sqlite.query('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
  handle.close();
});

test('a fresh database whose migrations fail part-way gets none of them', () => {
  const handle = openDb(join(root, 'fresh.db'));
  const folder = migrationsWith('broken-fresh', ['INSERT INTO `no_such_table` VALUES (1);']);
  expect(() => migrateDb(handle.db, folder)).toThrow(MigrationError);
  expect(handle.sqlite.query("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([]);
  handle.close();
});

// drizzle-kit rebuilds a table to change a column: with foreign keys on, DROP TABLE deletes its
// rows first and cascades (a playlist's songs would vanish); PRAGMA foreign_keys is a no-op in a
// transaction, so the migrator turns them off before it begins.
test('a table rebuild in drizzle-kit\'s style keeps the rows that point at it', async () => {
  const { handle } = await seeded('rebuild');
  const create = (handle.sqlite.query("SELECT sql FROM sqlite_master WHERE name = 'playlists'").get() as { sql: string }).sql;
  const folder = migrationsWith('rebuild-playlists', [
    'PRAGMA foreign_keys=OFF;',
    `${create.replace(/^CREATE TABLE [`"]?playlists[`"]?/, 'CREATE TABLE `__new_playlists`')};`,
    'INSERT INTO `__new_playlists` SELECT * FROM `playlists`;',
    'DROP TABLE `playlists`;',
    'ALTER TABLE `__new_playlists` RENAME TO `playlists`;',
    'PRAGMA foreign_keys=ON;',
  ]);
  expect(migrateDb(handle.db, folder)).toBe(1);
  expect(count(handle, 'playlists')).toBe(1);
  expect(count(handle, 'playlist_entries')).toBe(1);
  handle.close();
});

test('a database a newer Hearth migrated is refused with both versions named, and left alone', async () => {
  const { path, handle } = await seeded('newer');
  migrateDb(handle.db, migrationsWith('from-the-future', ['ALTER TABLE `songs` ADD `mood` text;']));
  const before = schemaOf(handle);
  expect(schemaState(handle.db)).toMatchObject({ applied: KNOWN.length + 1, known: KNOWN.length, newer: true, pending: 0, appliedTag: null });
  expect(() => migrateDb(handle.db)).toThrow(NewerDatabaseError);
  expect(schemaOf(handle)).toEqual(before);
  handle.close();
  expect(path).toEndWith('.db');
});

test('the server and the CLI refuse to open a newer database with a clear message', async () => {
  const dataDir = makeTempDir('hearth-newer-');
  try {
    const handle = openDb(join(dataDir, 'hearth.db'));
    migrateDb(handle.db, migrationsWith('newer-server', ['ALTER TABLE `songs` ADD `mood` text;']));
    handle.close();
    const message = `This database was upgraded by a newer Hearth: it has ${KNOWN.length + 1} migrations applied, and this Hearth knows ${KNOWN.length} (up to ${KNOWN.at(-1)}). ` +
      'Run the newer Hearth again, or restore a backup made before the upgrade. Nothing was changed.';
    const { child, output } = spawnMain({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
    expect(await child.exited).toBe(1);
    await Bun.sleep(10);
    expect(output()).toContain(`Hearth cannot start: ${message}`);
    expect(await runCli(['user', 'list'], { DATA_DIR: dataDir })).toEqual({ code: 1, output: `Error: ${message}\n` });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

// Several processes opening a new data folder at once (the server and a CLI command, say): one
// migrates, the others wait for its transaction and find nothing left to do.
test('processes opening a new data folder at the same moment all start', async () => {
  for (let round = 0; round < 3; round++) {
    const dataDir = makeTempDir('hearth-race-');
    try {
      const runs = await Promise.all(Array.from({ length: 4 }, () => runCli(['user', 'list'], { DATA_DIR: dataDir })));
      expect(runs.map((run) => run.code)).toEqual([0, 0, 0, 0]);
      const handle = openDb(join(dataDir, 'hearth.db'));
      expect(count(handle, '__drizzle_migrations')).toBe(KNOWN.length);
      handle.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}, 30_000);
