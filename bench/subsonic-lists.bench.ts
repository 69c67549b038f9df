import { join } from 'node:path';
import { loadOrCreateSecret } from '../src/data-dir.ts';
import { appPasswordKey, createAppPassword } from '../src/services/accounts/app-passwords.ts';
import { artistId } from '../src/services/subsonic/library.ts';
import { printFigure, startBenchServer } from './lib/harness.ts';
import { seedCatalogue, tagSeededSongs } from './lib/seed.ts';
import { subsonicRequests } from './lib/subsonic-requests.ts';

// The Subsonic methods folder-mode apps and instant mixes lean on, at 50,000 songs: getAlbumList
// (v1), search2, getGenres, getSimilarSongs2 and getStarred, p50/p99 beside ping (sign-in alone),
// budget p99 < 20 ms. Songs carry one of 8 genres and a year; the user has plays and stars.

let password = '';
const server = await startBenchServer({
  seed: (db, dataDir) => {
    seedCatalogue(db);
    const sqlite = db.$client;
    sqlite.transaction(() => {
      tagSeededSongs(db);
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

const { restUrl, latency } = subsonicRequests(() => ({ url: server.url, password }));

try {
  const ping = await latency(300, () => restUrl('ping'));
  let artist = 0;
  const figures: [string, () => string][] = [
    ['getAlbumList newest size=50', () => restUrl('getAlbumList', { type: 'newest', size: 50 })],
    ['getAlbumList byGenre Jazz size=50', () => restUrl('getAlbumList', { type: 'byGenre', genre: 'Jazz', size: 50 })],
    ['getAlbumList2 byYear 1970-1979 size=50', () => restUrl('getAlbumList2', { type: 'byYear', fromYear: 1970, toYear: 1979, size: 50 })],
    ['getRandomSongs genre Jazz 1970-1979 size=50', () => restUrl('getRandomSongs', { genre: 'Jazz', fromYear: 1970, toYear: 1979, size: 50 })],
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
