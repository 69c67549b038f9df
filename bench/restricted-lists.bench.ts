import { join } from 'node:path';
import { openDb } from '../db/client.ts';
import { listPublishedSongValues } from '../db/queries/songs.ts';
import type { Viewer } from '../db/queries/visibility.ts';
import { loadOrCreateSecret } from '../src/data-dir.ts';
import { appPasswordKey, createAppPassword } from '../src/services/accounts/app-passwords.ts';
import { createUser } from '../src/services/accounts/users.ts';
import { benchLogin, printFigure, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';
import { subsonicRequests } from './lib/subsonic-requests.ts';

// A restricted member (Clean, 250 of the 500 albums) against an unrestricted member on the same
// 50,000 songs (5 % explicit): the library (cold, after a write, and cached), search and
// getAlbumList2, each printed as the restricted figure with its ratio; budget ≤ 1.2×.
const MEMBERS = { grown: { username: 'grown', password: 'grown-password' }, kid: { username: 'kid', password: 'kid-password' } };
const KID: Viewer = { restrictClean: true, restrictAlbumIds: Array.from({ length: 250 }, (_, i) => i + 1) };
const GROWN: Viewer = { restrictClean: false, restrictAlbumIds: null };
const passwords: Record<string, string> = {};

const server = await startBenchServer({
  seed: async (db, dataDir) => {
    seedCatalogue(db);
    db.$client.run('UPDATE songs SET explicit = 1 WHERE id % 20 = 7');
    // No audio files: measured already, so the loudness job writes nothing (each write would renew the lists).
    db.$client.run("UPDATE songs SET loudness_status = 'measured'");
    const key = appPasswordKey(loadOrCreateSecret(join(dataDir, 'secret.key')));
    for (const [name, credentials] of Object.entries(MEMBERS)) {
      const user = await createUser(db, { ...credentials, isAdmin: false });
      passwords[name] = createAppPassword(db, key, user.id, 'bench', Date.now()).password;
    }
    db.$client.run('UPDATE users SET restrict_clean = 1, restrict_album_ids = ? WHERE username = ?', [JSON.stringify(KID.restrictAlbumIds), 'kid']);
  },
});
const local = openDb(join(server.dataDir, 'hearth.db'));
// A write from another process bumps the catalogue version, so the next library request is cold.
const touch = local.sqlite.prepare('UPDATE songs SET updated_at = updated_at + 1 WHERE id = 1');
const cookies = { grown: await benchLogin(server.url, MEMBERS.grown), kid: await benchLogin(server.url, MEMBERS.kid) };

async function get(who: keyof typeof cookies, path: string): Promise<void> {
  const response = await fetch(server.url + path, { headers: { cookie: cookies[who], 'accept-encoding': 'gzip' } });
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  await response.arrayBuffer();
}

/**
 * The two members' requests taken in turns (restricted, then unrestricted, `rounds` times after
 * warm-up), so a busy machine slows both alike; each side's p50 and p99.
 */
async function inTurns(rounds: number, kid: () => Promise<void>, grown: () => Promise<void>) {
  Bun.gc(true);
  for (let i = 0; i < Math.min(10, rounds); i++) await Promise.all([kid(), grown()]);
  const times = { kid: [] as number[], grown: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    for (const [side, run] of [['kid', kid], ['grown', grown]] as const) {
      const t0 = performance.now();
      await run();
      times[side].push(performance.now() - t0);
    }
  }
  const at = (list: number[], q: number) => list.sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))]!;
  return { kid: { p50: at(times.kid, 0.5), p99: at(times.kid, 0.99) }, grown: { p50: at(times.grown, 0.5), p99: at(times.grown, 0.99) } };
}

async function compare(name: string, rounds: number, kid: () => Promise<void>, grown: () => Promise<void>, p99 = false): Promise<void> {
  const result = await inTurns(rounds, kid, grown);
  for (const stat of p99 ? (['p50', 'p99'] as const) : (['p50'] as const)) {
    printFigure(`${name} ${stat} restricted`, result.kid[stat], 'ms', { name: 'unrestricted', value: result.grown[stat] }, '≤ 1.2×');
  }
}

try {
  await compare('library query in-process (50,000 songs)', 15, async () => void listPublishedSongValues(local.db, KID), async () => void listPublishedSongValues(local.db, GROWN));
  const cold = (who: keyof typeof cookies) => async () => {
    touch.run();
    await get(who, '/api/songs');
  };
  await compare('GET /api/songs cold (after a write)', 15, cold('kid'), cold('grown'));
  await compare('GET /api/songs cached', 100, () => get('kid', '/api/songs'), () => get('grown', '/api/songs'));
  for (const q of ['moon', 'golden river']) {
    const search = (who: keyof typeof cookies) => () => get(who, `/api/search?q=${encodeURIComponent(q)}`);
    await compare(`GET /api/search "${q}"`, 300, search('kid'), search('grown'), true);
  }
  const rest = { kid: subsonicRequests(() => ({ url: server.url, password: passwords.kid!, username: 'kid' })), grown: subsonicRequests(() => ({ url: server.url, password: passwords.grown!, username: 'grown' })) };
  const albumList2 = (who: 'kid' | 'grown', type: string) => async () => {
    const response = await fetch(rest[who].restUrl('getAlbumList2', { type, size: 50 }), { headers: { 'accept-encoding': 'gzip' } });
    if (!(await response.text()).includes('"status":"ok"')) throw new Error('getAlbumList2 failed');
  };
  for (const type of ['alphabeticalByName', 'newest', 'random']) await compare(`getAlbumList2 ${type} size=50`, 300, albumList2('kid', type), albumList2('grown', type));
  // The first Subsonic call after a write rebuilds that member's library index.
  const coldRest = (who: 'kid' | 'grown') => async () => {
    touch.run();
    await albumList2(who, 'newest')();
  };
  await compare('getAlbumList2 cold (index rebuilt after a write)', 15, coldRest('kid'), coldRest('grown'));
} finally {
  local.close();
  await server.stop();
}
