import { afterAll, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startMain } from '../testing/process.ts';
import { makeTempDir, sessionCookieFrom } from '../testing/server.ts';

const dataDir = makeTempDir();
const replicaDir = makeTempDir('hearth-replica-');
const restoredDir = join(makeTempDir(), 'restored');
afterAll(() => {
  for (const dir of [dataDir, replicaDir, join(restoredDir, '..')]) rmSync(dir, { recursive: true, force: true });
});

/** The process and everything it started (Litestream): a power cut, as far as one machine's processes go. */
function killEverything(pid: number): void {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  for (const target of [pid, ...children]) process.kill(target, 'SIGKILL');
}

const rows = (path: string, table: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.query(`select * from ${table} order by id`).all() as { id: number }[];
  } finally {
    db.close();
  }
};

test('after kill -9 in a write burst, the replica restores every write older than a second, row for row', async () => {
  const env = { DATA_DIR: dataDir, REPLICA_URL: replicaDir, ADMIN_USERNAME: 'mum', ADMIN_PASSWORD: 'replica-pw', LOG_LEVEL: 'warn' };
  const server = await startMain(env);
  const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'mum', password: 'replica-pw' }) });
  const cookie = sessionCookieFrom(login);
  // Playlists created back to back; each one's answer time is when it was surely committed.
  const acknowledged = new Map<number, number>();
  const killAt = performance.now() + 2000 + Math.random() * 1000;
  let i = 0;
  while (performance.now() < killAt) {
    const response = await fetch(`${server.url}/api/playlists`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ name: `burst ${++i}` }) });
    expect(response.status).toBe(201);
    acknowledged.set(((await response.json()) as { id: number }).id, performance.now());
  }
  const killedAt = performance.now();
  killEverything(server.child.pid);
  await server.exited;

  const restored = await runCli(['restore', '--from-replica'], { DATA_DIR: restoredDir, REPLICA_URL: replicaDir, LOG_LEVEL: 'warn' });
  expect(restored.output).toContain(`Restored the database from file://${replicaDir} into ${restoredDir}.`);
  expect(restored.code).toBe(0);

  const original = new Map(rows(join(dataDir, 'hearth.db'), 'playlists').map((row) => [row.id, row]));
  const back = new Map(rows(join(restoredDir, 'hearth.db'), 'playlists').map((row) => [row.id, row]));
  const old = [...acknowledged].filter(([, at]) => at < killedAt - 1000).map(([id]) => id);
  expect(old.length).toBeGreaterThan(10);
  for (const id of old) expect(back.get(id)).toEqual(original.get(id)!);
  // Nothing in the replica that the database never had, and the accounts are the same.
  for (const [id, row] of back) expect(row).toEqual(original.get(id)!);
  expect(rows(join(restoredDir, 'hearth.db'), 'users')).toEqual(rows(join(dataDir, 'hearth.db'), 'users'));
}, 60_000);

test('restore --from-replica needs REPLICA_URL and an empty folder', async () => {
  const without = await runCli(['restore', '--from-replica'], { DATA_DIR: makeTempDir(), LOG_LEVEL: 'warn' });
  expect(without.code).toBe(1);
  expect(without.output).toContain('restore --from-replica needs REPLICA_URL');
  const full = await runCli(['restore', '--from-replica'], { DATA_DIR: dataDir, REPLICA_URL: replicaDir, LOG_LEVEL: 'warn' });
  expect(full.code).toBe(1);
  expect(full.output).toContain('is not empty');
});
