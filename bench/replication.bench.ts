import { Database } from 'bun:sqlite';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startMain } from '../src/testing/process.ts';
import { makeTempDir, sessionCookieFrom } from '../src/testing/server.ts';
import { printFigure } from './lib/harness.ts';

// Litestream replication lag under a write burst: Hearth and Litestream are killed (SIGKILL)
// 3 s into back-to-back playlist creations, the replica restored, and the writes it lacks
// measured: their count, and how long before the kill the newest of them had been answered.
async function round(): Promise<{ writes: number; lost: number; windowMs: number }> {
  const dataDir = makeTempDir('hearth-bench-');
  const replicaDir = makeTempDir('hearth-replica-');
  const restoredDir = join(makeTempDir(), 'restored');
  try {
    const server = await startMain({ DATA_DIR: dataDir, REPLICA_URL: replicaDir, ADMIN_USERNAME: 'mum', ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: 'warn' });
    const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'mum', password: 'bench-password' }) });
    const cookie = sessionCookieFrom(login);
    const answered = new Map<number, number>();
    const killAt = performance.now() + 3000;
    for (let i = 1; performance.now() < killAt; i++) {
      const response = await fetch(`${server.url}/api/playlists`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ name: `burst ${i}` }) });
      answered.set(((await response.json()) as { id: number }).id, performance.now());
    }
    const killedAt = performance.now();
    const pid = server.child.pid;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    for (const target of [pid, ...children]) process.kill(target, 'SIGKILL');
    await server.exited;
    const restored = await runCli(['restore', '--from-replica'], { DATA_DIR: restoredDir, REPLICA_URL: replicaDir, LOG_LEVEL: 'warn' });
    if (restored.code !== 0) throw new Error(restored.output);
    const db = new Database(join(restoredDir, 'hearth.db'), { readonly: true });
    const kept = new Set((db.query('select id from playlists').all() as { id: number }[]).map((row) => row.id));
    db.close();
    const lost = [...answered].filter(([id]) => !kept.has(id));
    const oldestLost = Math.min(...lost.map(([, at]) => at));
    return { writes: answered.size, lost: lost.length, windowMs: lost.length === 0 ? 0 : killedAt - oldestLost };
  } finally {
    for (const dir of [dataDir, replicaDir, join(restoredDir, '..')]) rmSync(dir, { recursive: true, force: true });
  }
}

const rounds = [await round(), await round(), await round()].sort((a, b) => a.windowMs - b.windowMs);
const median = rounds[1]!;
printFigure('writes answered in a 3 s burst (playlist creations, one client)', median.writes, 'writes');
printFigure('writes lost to kill -9 (not yet in the replica)', median.lost, 'writes');
printFigure('replication lag: oldest lost write answered this long before the kill (median of 3)', median.windowMs, 'ms', undefined, '< 1000 ms');
