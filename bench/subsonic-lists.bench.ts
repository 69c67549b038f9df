import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { loadOrCreateSecret } from '../src/data-dir.ts';
import { appPasswordKey, createAppPassword } from '../src/services/accounts/app-passwords.ts';
import { artistId } from '../src/services/subsonic/library.ts';
import { randomId } from '../src/shared/ids.ts';
import { type LoadResult, measureRequests, printFigure, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';

// The Subsonic methods folder-mode apps and instant mixes lean on, at 50,000 songs: getAlbumList
// (v1), search2, getGenres, getSimilarSongs2 and getStarred, p50/p99 beside ping (sign-in alone),
// budget p99 < 20 ms. Songs carry one of 8 tags (genres); the user has plays and stars.
const GENRES = ['Rock', 'Jazz', 'Folk', 'Pop', 'Blues', 'Soul', 'Metal', 'Ambient'];

let password = '';
const server = await startBenchServer({
  seed: (db, dataDir) => {
    seedCatalogue(db);
    const sqlite = db.$client;
    sqlite.transaction(() => {
      sqlite.run(`UPDATE songs SET tags = json_array(json_extract(?, '$[' || (id % ${GENRES.length}) || ']'))`, [JSON.stringify(GENRES)]);
      // 5,000 played songs, 300 starred songs, 50 starred albums, 30 starred artists.
      sqlite.run('INSERT INTO plays (user_id, song_id, play_count, last_played_at) SELECT 1, id, 1 + id % 7, 1700000000000 + id FROM songs WHERE id % 10 = 0');
      sqlite.run("INSERT INTO stars (user_id, kind, item_id, created_at) SELECT 1, 'song', CAST(id AS TEXT), 1700000000000 + id FROM songs WHERE id % 166 = 0");
      sqlite.run("INSERT INTO stars (user_id, kind, item_id, created_at) SELECT 1, 'album', 'al-' || id, 1700000000000 + id FROM albums WHERE id % 10 = 0");
      const star = sqlite.prepare("INSERT INTO stars (user_id, kind, item_id, created_at) VALUES (1, 'artist', ?, ?)");
      for (let a = 0; a < 30; a++) star.run(artistId(`Artist ${a * 31}`), 1700000000000 + a);
    })();
    const key = appPasswordKey(loadOrCreateSecret(join(dataDir, 'secret.key')));
    password = createAppPassword(db, key, 1, 'bench', Date.now()).password;
  },
});

/** Token auth as apps send it: a fresh salt per request, t = md5(password + salt). */
function restUrl(method: string, query: Record<string, string | number> = {}): string {
  const salt = randomId(8);
  const token = createHash('md5').update(password + salt).digest('hex');
  const params = new URLSearchParams({ u: 'benchadmin', t: token, s: salt, v: '1.16.1', c: 'bench', f: 'json' });
  for (const [name, value] of Object.entries(query)) params.set(name, String(value));
  return `${server.url}/rest/${method}.view?${params}`;
}

async function ok(response: Response): Promise<void> {
  const text = await response.text();
  if (!response.ok || !text.includes('"status":"ok"')) throw new Error(`${response.url}: ${response.status} ${text.slice(0, 200)}`);
}

async function latency(requests: number, url: () => string): Promise<LoadResult> {
  Bun.gc(true);
  for (let i = 0; i < 20; i++) await ok(await fetch(url(), { headers: { 'accept-encoding': 'gzip' } }));
  return measureRequests({ requests, concurrency: 1, run: async () => ok(await fetch(url(), { headers: { 'accept-encoding': 'gzip' } })) });
}

try {
  const ping = await latency(300, () => restUrl('ping'));
  let artist = 0;
  const figures: [string, () => string][] = [
    ['getAlbumList newest size=50', () => restUrl('getAlbumList', { type: 'newest', size: 50 })],
    ['getAlbumList byGenre Jazz size=50', () => restUrl('getAlbumList', { type: 'byGenre', genre: 'Jazz', size: 50 })],
    ['search2 common term "moon"', () => restUrl('search2', { query: 'moon' })],
    ['getGenres (8 genres over 50,000 songs)', () => restUrl('getGenres')],
    ['getSimilarSongs2 count=50 (artist of ~50 songs, genres of ~6,250)', () => restUrl('getSimilarSongs2', { id: artistId(`Artist ${artist++ % 997}`), count: 50 })],
    ['getStarred (300 songs, 50 albums, 30 artists)', () => restUrl('getStarred')],
  ];
  for (const [name, url] of figures) {
    const result = await latency(300, url);
    printFigure(`${name} p50`, result.p50Ms, 'ms', { name: 'ping (sign-in alone) p50', value: ping.p50Ms });
    printFigure(`${name} p99`, result.p99Ms, 'ms', { name: 'ping (sign-in alone) p99', value: ping.p99Ms }, '< 20 ms');
  }
} finally {
  await server.stop();
}
