import { join } from 'node:path';
import { openDb } from '../db/client.ts';
import { listAlbums } from '../src/services/catalogue/albums.ts';
import { searchSongs } from '../src/services/catalogue/search.ts';
import { listPublishedSongValues } from '../db/queries/songs.ts';
import { songDtoFromValues } from '../src/services/catalogue/dto.ts';
import { type LoadResult, benchLogin, measureRequests, printFigure, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';
import { EVERYONE } from '../db/queries/visibility.ts';

// Catalogue figures (docs/architecture.md) on 50,000 songs, 500 albums, 200 playlists: each HTTP figure
// beside the same service call plus JSON serialisation done in this process.
const server = await startBenchServer({ seed: (db) => seedCatalogue(db) });
const local = openDb(join(server.dataDir, 'hearth.db'));
const cookie = await benchLogin(server.url);

// A write from another process (as the CLI makes): bumps the catalogue version, so the next
// GET /api/songs is cold (query, map, serialise, gzip). Touches no searchable column.
const touch = local.sqlite.prepare('UPDATE songs SET updated_at = updated_at + 1 WHERE id = 1');

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(server.url + path, { headers: { cookie, 'accept-encoding': 'gzip', ...headers } });
  if (response.status !== 200 && response.status !== 304) throw new Error(`${path}: ${response.status}`);
  await response.arrayBuffer();
  return response;
}

/** Warm-up runs are not counted; a full GC first keeps the previous figure's garbage out of this one. */
async function measure(requests: number, run: () => Promise<unknown> | unknown): Promise<LoadResult> {
  Bun.gc(true);
  for (let i = 0; i < Math.min(20, requests); i++) await run();
  return measureRequests({ requests, concurrency: 1, run: async () => void (await run()) });
}

interface Figure {
  name: string;
  stat: 'p50Ms' | 'p99Ms';
  requests: number;
  http: () => Promise<unknown>;
  inProcess: () => unknown;
}

async function figure({ name, stat, requests, http, inProcess }: Figure) {
  const measured = await measure(requests, http);
  const base = await measure(requests, () => JSON.stringify(inProcess()));
  // A p99 figure comes with its p50, measured in the same requests.
  for (const each of stat === 'p99Ms' ? (['p50Ms', 'p99Ms'] as const) : (['p50Ms'] as const)) {
    const label = each === 'p50Ms' ? 'p50' : 'p99';
    printFigure(`${name} ${label}`, measured[each], 'ms', { name: `in-process query + JSON ${label}`, value: base[each] });
  }
}

const search = (q: string): Figure => ({
  name: `GET /api/search ${q === 'moon' ? 'common' : 'rare'} term "${q}"`,
  stat: 'p99Ms',
  requests: 300,
  http: () => get(`/api/search?q=${q}`),
  inProcess: () => searchSongs(local.db, q, EVERYONE),
});

async function songLists() {
  const wire = await fetch(`${server.url}/api/songs`, { headers: { cookie, 'accept-encoding': 'gzip' }, decompress: false });
  const wireMb = (await wire.arrayBuffer()).byteLength / 1024 / 1024;
  // The library as GET /api/songs builds it: its rows, then their answers.
  const library = () => listPublishedSongValues(local.db, EVERYONE).map(songDtoFromValues);
  const rawMb = JSON.stringify(library()).length / 1024 / 1024;
  const encoding = wire.headers.get('content-encoding') ?? 'identity';
  printFigure(`GET /api/songs on the wire (${encoding})`, wireMb, 'MiB', { name: 'uncompressed JSON', value: rawMb }, 'compressed');
  await figure({
    name: 'GET /api/songs cold (first after a write)',
    stat: 'p50Ms',
    requests: 20,
    http: () => (touch.run(), get('/api/songs')),
    inProcess: () => (touch.run(), library()),
  });
  await figure({ name: 'GET /api/songs warm (cached body)', stat: 'p50Ms', requests: 20, http: () => get('/api/songs'), inProcess: library });
  const etag = (await get('/api/songs')).headers.get('etag')!;
  const revalidate = () => get('/api/songs', { 'if-none-match': etag });
  await figure({ name: 'GET /api/songs revalidation (304)', stat: 'p50Ms', requests: 100, http: revalidate, inProcess: library });
}

/** One list request as sent by a client accepting `encoding`, body read as it came (not decoded). */
async function raw(path: string, encoding: string): Promise<{ bytes: number; encoding: string }> {
  const response = await fetch(server.url + path, { headers: { cookie, 'accept-encoding': encoding }, decompress: false });
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  return { bytes: (await response.arrayBuffer()).byteLength, encoding: response.headers.get('content-encoding') ?? 'identity' };
}

/** RSS once the allocator has handed back the list builds' garbage (it does so ~10 s later). */
async function settledRss(): Promise<number> {
  await Bun.sleep(15_000);
  let last = server.rssMb();
  for (let i = 0; i < 20; i++) {
    await Bun.sleep(1000);
    const now = server.rssMb();
    if (Math.abs(now - last) < 1) return now;
    last = now;
  }
  return last;
}

/** Brotli (browsers) and plain (scripts) list responses beside gzip, and memory once all are held. */
async function encodedLists() {
  const sizes: Record<string, number> = {};
  for (const encoding of ['gzip', 'br', 'identity']) sizes[encoding] = (await raw('/api/songs', encoding)).bytes / 1024 / 1024;
  printFigure('GET /api/songs on the wire (br)', sizes.br!, 'MiB', { name: 'gzip', value: sizes.gzip! });
  printFigure('GET /api/songs on the wire (identity)', sizes.identity!, 'MiB', { name: 'gzip', value: sizes.gzip! });
  const gzipWarm = await measure(30, () => raw('/api/songs', 'gzip'));
  for (const encoding of ['br', 'identity']) {
    const warm = await measure(30, () => raw('/api/songs', encoding));
    printFigure(`GET /api/songs warm (${encoding}) p50`, warm.p50Ms, 'ms', { name: 'gzip warm p50', value: gzipWarm.p50Ms });
  }
  // Cold: a browser (gzip and br) is answered gzip while brotli is made for the next request;
  // a client taking brotli alone waits for it.
  const gzipCold = await measure(10, () => (touch.run(), raw('/api/songs', 'gzip')));
  const browserCold = await measure(10, () => (touch.run(), raw('/api/songs', 'gzip, deflate, br, zstd')));
  const brCold = await measure(10, () => (touch.run(), raw('/api/songs', 'br')));
  printFigure('GET /api/songs cold (browser: gzip, br) p50', browserCold.p50Ms, 'ms', { name: 'gzip cold p50', value: gzipCold.p50Ms }, '< 150 ms');
  printFigure('GET /api/songs cold (br only) p50', brCold.p50Ms, 'ms', { name: 'gzip cold p50', value: gzipCold.p50Ms });
  // Memory: both views held in brotli and gzip (what browsers leave behind), then with the
  // plain JSON held too (while clients without compression keep asking; dropped 60 s later).
  touch.run();
  for (const path of ['/api/songs', '/api/songs/all']) for (const encoding of ['br', 'gzip']) await raw(path, encoding);
  printFigure('idle RSS, 50,000 songs, both lists held as br + gzip', await settledRss(), 'MiB', undefined, '< 120 MiB');
  for (const path of ['/api/songs', '/api/songs/all']) await raw(path, 'identity');
  printFigure('idle RSS, plain JSON of both lists also held', await settledRss(), 'MiB', undefined, '(held 60 s after the last plain request)');
}

try {
  // Search and albums first, on a server in its steady state; the cold library runs leave
  // ~100 MB of garbage whose collection lands in whatever comes next (shown by the last line).
  await figure(search('moon'));
  await figure(search('12345'));
  // Terms every song matches (each title's album is "Album …"; "a" as the first keystroke):
  // ranking is capped at db/queries/search.ts SEARCH_RANK_CAP hits.
  await figure({ ...search('album'), name: 'GET /api/search term every song matches "album"' });
  await figure({ ...search('a'), name: 'GET /api/search one letter "a"' });
  await figure({ name: 'GET /api/albums (500 albums)', stat: 'p50Ms', requests: 300, http: () => get('/api/albums'), inProcess: () => listAlbums(local.db, { isAdmin: false, ...EVERYONE }) });
  await songLists();
  await encodedLists();
  await figure({ ...search('moon'), name: 'GET /api/search "moon" right after the library runs' });
  console.log(`server RSS at the end: ${server.rssMb().toFixed(0)} MB`);
} finally {
  local.close();
  await server.stop();
}
