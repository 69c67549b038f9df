import { afterAll, expect, test } from 'bun:test';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMain } from '../src/testing/process.ts';
import { makeTempDir } from '../src/testing/server.ts';

const dataDir = makeTempDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('partial files left by a crash are removed at start-up; a running writer keeps its own', async () => {
  const tmp = join(dataDir, 'media', 'tmp');
  mkdirSync(tmp, { recursive: true });
  const finished = Bun.spawn(['true']);
  await finished.exited;
  const now = Date.now();
  const leftovers = [`${now}-${crypto.randomUUID()}.part`, `p${finished.pid}-${now}-${crypto.randomUUID()}.part`];
  // This test process stands in for a CLI import running while the server starts.
  const running = `p${process.pid}-${now}-${crypto.randomUUID()}.part`;
  for (const name of [...leftovers, running]) writeFileSync(join(tmp, name), 'half an upload');
  const server = await startMain({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'leftover-test-pw' });
  try {
    expect(readdirSync(tmp)).toEqual([running]);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});
