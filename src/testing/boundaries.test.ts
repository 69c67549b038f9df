import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { checkBoundaries, formatViolation } from './boundaries.ts';
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
      'src/render/renderer.tsx': "import { ensureBuilt } from '../build.ts';\nensureBuilt;",
      'src/jobs/purge.ts': "import { purgeTrash } from '../services/trash/trash.ts';\npurgeTrash;",
      'src/shared/a.ts': "import { b } from './b.ts';\nb;",
    });
    expect(reported(dir)).toEqual([]);
  });

  test('type-only imports are erased, so they never count', () => {
    const dir = tree('types', {
      'routes/a/index.ts': "import type { Db } from '../../db/client.ts';\nimport { type SongRow } from '../../db/schema/songs.ts';\nexport const f = (db: Db, s: SongRow) => [db, s];",
    });
    expect(reported(dir)).toEqual([]);
  });

  test('tests, src/testing, src/e2e and bench are exempt', () => {
    const dir = tree('exempt', {
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
