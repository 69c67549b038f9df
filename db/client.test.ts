import { Database } from 'bun:sqlite';
import { afterAll, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../src/testing/server.ts';
import { openDb } from './client.ts';
import { migrateDb } from './migrate.ts';
import { readSettings } from './queries/settings.ts';

const dir = makeTempDir('hearth-client-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A deferred transaction that reads first cannot wait for another process's writer: it must
// hold the write lock from its first statement, so a second writer is refused meanwhile.
test('db.transaction starts as BEGIN IMMEDIATE: the write lock is held before the first read', () => {
  const path = join(dir, 'hearth.db');
  const handle = openDb(path);
  migrateDb(handle.db);
  const other = new Database(path);
  other.exec('PRAGMA busy_timeout = 0');
  let otherWriter = 'not tried';
  handle.db.transaction(() => {
    readSettings(handle.db);
    try {
      other.exec('BEGIN IMMEDIATE');
      other.exec('ROLLBACK');
      otherWriter = 'got the lock';
    } catch (error) {
      otherWriter = String(error);
    }
  });
  expect(otherWriter).toContain('database is locked');
  other.close();
  handle.close();
});
