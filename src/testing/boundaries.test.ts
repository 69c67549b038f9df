import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { checkBoundaries, formatViolation, rawSqlIn } from './boundaries.ts';
import { makeTempDir } from './server.ts';

const root = makeTempDir();
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes `files` (path → source) into a fresh folder under the temporary root. */
function tree(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
  return dir;
}

const reported = (dir: string) => checkBoundaries(dir).map((v) => `${v.file} -> ${v.import}`);

describe('planted violations are reported', () => {
  test.each([
    ['an island importing db/', 'islands/app/shell.tsx', "import { openDb } from '../../db/client.ts';\nopenDb('x');"],
    ['an island importing routes/', 'islands/x.tsx', "import '../routes/pages/registry.ts';"],
    ['an island importing server src/', 'islands/x.tsx', "export { log } from '../src/logger.ts';"],
    ['an island importing a bun: builtin', 'islands/x.ts', "import { Database } from 'bun:sqlite';\nnew Database();"],
    ['an island importing a node: builtin', 'islands/x.ts', "const fs = await import('node:fs');"],
    ['an island importing bare fs', 'islands/x.ts', "import { readFileSync } from 'fs';\nreadFileSync('x');"],
    ['a routes file importing db/queries', 'routes/songs/index.ts', "import { listSongs } from '../../db/queries/songs.ts';\nlistSongs();"],
    ['db/ importing src/', 'db/queries/x.ts', "import { NotFoundError } from '../../src/errors.ts';\nthrow new NotFoundError('x');"],
    ['db/ importing media/', 'db/client.ts', "import '../media/paths.ts';"],
    ['media/ importing src/services', 'media/x.ts', "import '../src/services/catalogue/songs.ts';"],
    ['media/ importing db/', 'media/x.ts', "import '../db/client.ts';"],
    ['the renderer importing the page registry', 'src/render/renderer.tsx', "import { PAGES } from '../../routes/pages/registry.ts';\nPAGES;"],
    ['src/shared importing src/', 'src/shared/x.ts', "import { ConfigError } from '../config.ts';\nnew ConfigError('x');"],
    ['src/shared importing a node: builtin', 'src/shared/x.ts', "import { join } from 'node:path';\njoin();"],
    ['a service importing a job', 'src/services/media/gc.ts', "import { purgeJob } from '../../jobs/index.ts';\npurgeJob;"],
    ['a service importing an http plugin', 'src/services/x.ts', "import { securityPlugin } from '../http/security.ts';\nsecurityPlugin;"],
    ['a service importing the composition', 'src/services/x.ts', "import { createApp } from '../compose/app.ts';\ncreateApp;"],
    ['a job importing a route', 'src/jobs/x.ts', "import '../../routes/songs/index.ts';"],
    ['an http plugin importing the renderer', 'src/http/x.ts', "import '../render/renderer.tsx';"],
    ['a route importing the CLI', 'routes/x/index.ts', "import { runCli } from '../../src/compose/cli/run.ts';\nrunCli;"],
    ['a route importing a job', 'routes/x/index.ts', "import { purgeJob } from '../../src/jobs/index.ts';\npurgeJob;"],
    ['config importing a service', 'src/config.ts', "import '../src/services/x.ts';"],
    ['the pwa build importing the composition', 'src/pwa/x.ts', "import { buildAssets } from '../compose/build.ts';\nbuildAssets;"],
    ['a type-only import of db/ in a route', 'routes/a/index.ts', "import type { Db } from '../../db/client.ts';\nexport const f = (db: Db) => db;"],
    ['an inline type import of db/ in a route', 'routes/a/index.ts', "import { type SongRow } from '../../db/schema/songs.ts';\nexport const f = (s: SongRow) => s;"],
    ['a type-only re-export of server code in an island', 'islands/a.ts', "export type { Config } from '../src/config.ts';"],
    ['a typeof import() of server code in an island', 'islands/a.ts', "export type Db = typeof import('../db/client.ts');"],
    ['production code importing test code', 'src/services/x.ts', "import { startTestServer } from '../testing/server.ts';\nstartTestServer;"],
    ['production code importing a test harness', 'islands/player/engine.ts', "import { fakeAudio } from './fake-audio.test-harness.ts';\nfakeAudio;"],
    ['a file in a folder no rule covers', 'src/newfolder/x.ts', 'export const x = 1;'],
    ['raw SQL through the sql tag in a service', 'src/services/x.ts', "import { tag } from './tag.ts';\nexport const q = (db: never) => tag(db, sql`select 1`);"],
    ['raw SQL through the driver handle in a route', 'routes/x/index.ts', "export const ping = (db: { $client: { query(s: string): unknown } }) => db.$client.query('SELECT 1');"],
    ['a statement run directly outside db/', 'src/services/x.ts', "export const f = (d: { exec(s: string): void }) => d.exec('PRAGMA busy_timeout = 5000');"],
    ['a prepared statement outside db/', 'src/services/x.ts', "export const f = (d: { prepare(s: string): unknown }) => d.prepare('VACUUM INTO ?');"],
    ['bun:sqlite outside db/', 'src/services/x.ts', "import { Database } from 'bun:sqlite';\nnew Database(':memory:');"],
    ['drizzle-orm outside db/', 'src/services/x.ts', "import { eq } from 'drizzle-orm';\neq;"],
    ['an API address in an island outside islands/lib/api/', 'islands/songs/x.ts', "export const songsUrl = '/api/songs';"],
    ['an API address in a template outside islands/lib/api/', 'islands/songs/x.ts', "export const load = (id: number) => fetch(`/api/songs/${id}`);"],
  ])('%s', (name, file, code) => {
    const dir = tree(name.replaceAll(' ', '-'), { [file]: code });
    const violations = checkBoundaries(dir);
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.every((v) => v.file === file)).toBe(true);
    expect(formatViolation(violations[0]!)).toContain(file);
  });
});

describe('allowed imports and exemptions', () => {
  test('what the table allows passes', () => {
    const dir = tree('allowed', {
      'islands/a.tsx': "import { x } from './b.ts';\nimport { f } from '../src/shared/format.ts';\nimport { useState } from 'react';\nx; f; useState;",
      'db/queries/a.ts': "import { eq } from 'drizzle-orm';\nimport { songs } from '../schema/songs.ts';\neq; songs;",
      'media/a.ts': "import { ConfigError } from '../src/config.ts';\nimport { HttpError } from '../src/errors.ts';\nimport { join } from 'node:path';\nConfigError; HttpError; join;",
      'routes/songs/index.ts': "import { listSongs } from '../../src/services/catalogue/songs.ts';\nimport { Player } from '../../islands/player/bar.tsx';\nimport { range } from '../../media/range.ts';\nlistSongs; Player; range;",
      'src/render/renderer.tsx': "import { ensureBuilt } from '../compose/build.ts';\nensureBuilt;",
      'src/jobs/purge.ts': "import { purgeTrash } from '../services/trash/trash.ts';\npurgeTrash;",
      'src/shared/a.ts': "import { b } from './b.ts';\nb;",
      'src/services/a.ts': "import type { Db } from '../../db/client.ts';\nimport { ConfigError } from '../config.ts';\nimport { dataDirPaths } from '../data-dir.ts';\nexport const f = (db: Db) => [db, ConfigError, dataDirPaths];",
      'src/http/a.ts': "import { findUser } from '../services/accounts/users.ts';\nfindUser;",
      'src/pwa/a.ts': "import { csp } from '../render/csp.ts';\ncsp;",
      'src/compose/cli/a.ts': "import { purgeJob } from '../../jobs/index.ts';\nimport { openDb } from '../../../db/client.ts';\npurgeJob; openDb;",
      'src/compose/main.ts': "import { createApp } from './app.ts';\nimport '../../routes/pages/registry.ts';\ncreateApp;",
      'routes/b/index.ts': "import type { AppContext } from '../../src/app-context.ts';\nexport const f = (ctx: AppContext) => ctx;",
      'db/queries/b.ts': "import { sql } from 'drizzle-orm';\nexport const q = (db: { $client: { query(s: string): unknown } }) => [sql`select 1`, db.$client.query('SELECT 1')];",
      'src/services/b.ts': "// a regular expression's exec is not SQL\nexport const m = /x/.exec('x');",
      'islands/lib/api/songs.ts': "export const songPaths = { one: (id: number) => `/api/songs/${id}` };",
      'islands/songs/c.ts': "/** Reads `/api/songs` through its API module. */\nexport const c = 1;",
    });
    expect(reported(dir)).toEqual([]);
  });

  test('tests, test harnesses, src/testing, src/e2e and bench are exempt', () => {
    const dir = tree('exempt', {
      'islands/player/fake-audio.test-harness.ts': "import { Database } from 'bun:sqlite';\nnew Database();",
      'islands/player/engine.test.ts': "import { fakeAudio } from './fake-audio.test-harness.ts';\nfakeAudio;",
      'routes/songs/songs.test.ts': "import { openDb } from '../../db/client.ts';\nopenDb;",
      'islands/app/shell.test.tsx': "import { startServer } from '../../src/testing/server.ts';\nstartServer;",
      'src/testing/x.ts': "import '../../islands/app/shell.tsx';",
      'src/e2e/x.ts': "import '../../db/client.ts';",
      'bench/x.ts': "import '../db/client.ts';",
    });
    expect(reported(dir)).toEqual([]);
  });
});

test('the repository itself keeps every rule', () => {
  const violations = checkBoundaries(resolve(import.meta.dir, '../..'));
  expect(violations.map(formatViolation)).toEqual([]);
});

