import { join } from 'node:path';
import { openDb } from '../db/client.ts';
import { listAlbums } from '../src/services/catalogue/albums.ts';
import { searchSongs } from '../src/services/catalogue/search.ts';
import { listLibrary } from '../src/services/catalogue/songs.ts';
import { benchLogin, measureRequests, printFigure, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';

// Catalogue figures (design §8) on 50,000 songs, 500 albums, 200 playlists: each HTTP figure
// beside the same service call plus JSON serialisation done in this process.
const server = await startBenchServer({ seed: (db) => seedCatalogue(db) });
const local = openDb(join(server.dataDir, 'hearth.db'));

async function figure(name: string, path: string, stat: 'p50Ms' | 'p99Ms', requests: number, inProcess: () => unknown) {
  const cookie = await benchLogin(server.url);
  const http = await measureRequests({
    requests,
    concurrency: 1,
    run: async () => {
      const response = await fetch(server.url + path, { headers: { cookie, 'accept-encoding': 'gzip' } });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    },
  });
  const base = await measureRequests({ requests, concurrency: 1, run: async () => void JSON.stringify(inProcess()) });
  const label = stat === 'p50Ms' ? 'p50' : 'p99';
  printFigure(`${name} ${label}`, http[stat], 'ms', { name: `in-process query + JSON ${label}`, value: base[stat] });
}

async function wireSize(path: string) {
  const cookie = await benchLogin(server.url);
  const response = await fetch(server.url + path, { headers: { cookie, 'accept-encoding': 'gzip' }, decompress: false });
  const bytes = (await response.arrayBuffer()).byteLength;
  return { encoding: response.headers.get('content-encoding') ?? 'identity', mb: bytes / 1024 / 1024 };
}

try {
  const wire = await wireSize('/api/songs');
  const rawMb = JSON.stringify(listLibrary(local.db)).length / 1024 / 1024;
  printFigure(`GET /api/songs on the wire (${wire.encoding})`, wire.mb, 'MiB', { name: 'uncompressed JSON', value: rawMb }, 'compressed');
  await figure('GET /api/songs (50,000 songs)', '/api/songs', 'p50Ms', 20, () => listLibrary(local.db));
  await figure('GET /api/search common term "moon"', '/api/search?q=moon', 'p99Ms', 300, () => searchSongs(local.db, 'moon'));
  await figure('GET /api/search rare term "12345"', '/api/search?q=12345', 'p99Ms', 300, () => searchSongs(local.db, '12345'));
  await figure('GET /api/albums (500 albums)', '/api/albums', 'p50Ms', 300, () => listAlbums(local.db));
} finally {
  local.close();
  await server.stop();
}
