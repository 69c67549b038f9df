import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '../db/client.ts';
import { localStorage } from '../media/storage.ts';
import { fixture } from '../src/testing/media-fixtures.ts';
import { createUser } from '../src/services/accounts/users.ts';
import { randomId } from '../src/shared/ids.ts';
import { insertSong } from '../src/testing/factories.ts';
import { makeTempDir } from '../src/testing/server.ts';
import { ADMIN, benchLogin, printFigure, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';

// The load test, on loopback only: CLIENTS clients (200) mix reads and writes for
// LOAD_SECONDS (60) while the CLI imports libraries of FILES_PER_IMPORT files one after another.
// Passes with zero 5xx answers, zero lost files (every import exits 0 and every file is a song)
// and the server's RSS after the run within 10 % of its RSS after a warm-up. Bounded: at most
// MAX_REQUESTS requests, and the run stops at its deadline whatever is in flight.
const CLIENTS = Number(process.env.CLIENTS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 15);
const SONGS = Number(process.env.SONGS ?? 5_000);
const FILES_PER_IMPORT = Number(process.env.FILES_PER_IMPORT ?? 150);
const MAX_REQUESTS = 2_000_000;
const USERS = ['loaduser1', 'loaduser2', 'loaduser3', 'loaduser4'];
const PASSWORD = 'load-password';
const WORDS = ['love', 'moon', 'river', 'golden', 'home', 'a', 'night 12', 'album'];

const audioBytes = new Uint8Array(4 * 1024 * 1024).fill(0x42);
const audioHash = new Bun.CryptoHasher('sha256').update(audioBytes).digest('hex');
const audioShareId = randomId();

const server = await startBenchServer({
  env: { LOG_LEVEL: 'error' },
  seed: async (db, dataDir) => {
    seedCatalogue(db, { songs: SONGS, albums: Math.max(10, SONGS / 100), playlists: 50 });
    for (const username of USERS) await createUser(db, { username, password: PASSWORD, isAdmin: false });
    const path = localStorage(join(dataDir, 'media')).audio.location(audioHash);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, audioBytes);
    insertSong(db, { audioHash, audioFormat: 'mp3', shareId: audioShareId, status: 'published', fileSize: audioBytes.length });
  },
});
const local = openDb(join(server.dataDir, 'hearth.db'));
const admin = await benchLogin(server.url);
const users = await Promise.all(USERS.map((username) => benchLogin(server.url, { username, password: PASSWORD })));
const albumShareIds = local.sqlite.query('SELECT share_id AS id FROM albums LIMIT 20').all().map((row) => (row as { id: string }).id);

interface Tally {
  requests: number;
  byStatus: Map<number, number>;
  networkErrors: number;
  latencies: number[];
  byKind: Map<string, number[]>;
  errors: Set<string>;
}
const newTally = (): Tally => ({ requests: 0, byStatus: new Map(), networkErrors: 0, latencies: [], byKind: new Map(), errors: new Set() });

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const songId = () => 1 + Math.floor(Math.random() * SONGS);

/** One request of the mix: two thirds reads, one third writes, as a family evening would be busier. */
function nextRequest(client: number): { path: string; init: RequestInit } {
  const cookie = client % 10 === 0 ? admin : users[client % users.length]!;
  const json = (method: string, body: unknown): RequestInit => ({ method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const get: RequestInit = { headers: { cookie, 'accept-encoding': 'gzip' } };
  const roll = Math.random();
  if (roll < 0.05) return { path: '/api/songs', init: get };
  if (roll < 0.2) return { path: `/api/search?q=${encodeURIComponent(pick(WORDS))}`, init: get };
  if (roll < 0.3) return { path: '/api/albums', init: get };
  if (roll < 0.38) return { path: `/api/albums/${1 + Math.floor(Math.random() * 10)}/songs`, init: get };
  if (roll < 0.45) return { path: '/api/playlists', init: get };
  if (roll < 0.52) return { path: `/share/album/${pick(albumShareIds)}`, init: {} };
  if (roll < 0.62) {
    const start = Math.floor(Math.random() * 3) * 1024 * 1024;
    return { path: `/media/songs/${audioShareId}/${audioHash}.mp3`, init: { headers: { cookie, range: `bytes=${start}-${start + 65535}` } } };
  }
  // Writes. Admin clients edit songs and their status; users build playlists.
  if (cookie === admin) {
    if (roll < 0.85) return { path: `/api/songs/${songId()}`, init: json('PATCH', { title: `Edited ${randomId().slice(0, 6)}` }) };
    return { path: `/api/songs/${songId()}/status`, init: json('PATCH', { status: 'published' }) };
  }
  const own = ownPlaylist.get(client);
  if (own === undefined || roll < 0.75) return { path: '/api/playlists', init: json('POST', { name: `Load ${client} ${randomId().slice(0, 6)}` }) };
  if (roll < 0.9) return { path: `/api/playlists/${own}/songs`, init: json('POST', { songId: songId() }) };
  return { path: `/api/playlists/${own}`, init: json('PATCH', { name: `Renamed ${randomId().slice(0, 8)}` }) };
}

/** The playlist each user client made last: it adds songs to its own, as a person would. */
const ownPlaylist = new Map<number, number>();

/** What a request was, for the per-kind latencies: its method and path without ids. */
const kindOf = (path: string, init: RequestInit) =>
  `${init.method ?? 'GET'} ${path.replace(/\?.*$/, '').replace(/\/\d+/g, '/{id}').replace(/\/(share\/album|media\/songs)\/.*$/, '/$1/…')}`;

/** CLIENTS loops until the deadline (or the request bound); every answer is counted by status. */
async function drive(seconds: number, tally: Tally): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  const client = async (index: number) => {
    while (performance.now() < deadline && tally.requests < MAX_REQUESTS) {
      const { path, init } = nextRequest(index);
      tally.requests += 1;
      const t0 = performance.now();
      try {
        const response = await fetch(server.url + path, { ...init, signal: AbortSignal.timeout(30_000) });
        const body = await response.arrayBuffer();
        tally.byStatus.set(response.status, (tally.byStatus.get(response.status) ?? 0) + 1);
        if (response.status >= 500) tally.errors.add(`${response.status} ${kindOf(path, init)}: ${new TextDecoder().decode(body).slice(0, 120)}`);
        if (response.status === 201 && path === '/api/playlists') ownPlaylist.set(index, ((JSON.parse(new TextDecoder().decode(body)) as { id: number }).id));
      } catch (error) {
        tally.networkErrors += 1;
        tally.errors.add(`network ${kindOf(path, init)}: ${String(error).slice(0, 120)}`);
      }
      const ms = performance.now() - t0;
      tally.latencies.push(ms);
      const kind = kindOf(path, init);
      tally.byKind.set(kind, [...(tally.byKind.get(kind) ?? []), ms]);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
}

/** Libraries made so far (warm-up included): each one's files are new content. */
let libraries = 0;

/** Imports fresh libraries through the real CLI, one after another, until `until()` says stop. */
async function importWhile(until: () => boolean): Promise<{ expected: number; imported: number; runs: number; failures: string[] }> {
  const source = readFileSync(fixture('tagged.mp3'));
  const at = source.indexOf('Hearth Tone');
  const result = { expected: 0, imported: 0, runs: 0, failures: [] as string[] };
  // IMPORT=off: the same load without the CLI, to see what the concurrent imports cost.
  while (!until() && process.env.IMPORT !== 'off') {
    const library = makeTempDir('hearth-load-library-');
    for (let i = 0; i < FILES_PER_IMPORT; i++) {
      const copy = Buffer.from(source);
      copy.write(`L${String(libraries).padStart(3, '0')}T${String(i).padStart(5, '0')}`, at, 'latin1');
      writeFileSync(join(library, `${i}.mp3`), copy);
    }
    const child = Bun.spawn([process.execPath, 'src/compose/cli/index.ts', 'import', library, '--publish'], {
      env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const output = (await new Response(child.stdout).text()) + (await new Response(child.stderr).text());
    const code = await child.exited;
    rmSync(library, { recursive: true, force: true });
    libraries += 1;
    result.runs += 1;
    result.expected += FILES_PER_IMPORT;
    const imported = Number(output.match(/Imported (\d+)/)?.[1] ?? 0);
    result.imported += imported;
    if (code !== 0 || imported !== FILES_PER_IMPORT) result.failures.push(`run ${result.runs}: exit ${code}: ${output.trim().split('\n').slice(0, 4).join(' / ')}`);
  }
  return result;
}

/** CPU seconds the server process has used (user + system), from /proc (Linux). */
function serverCpuSeconds(): number {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The server's RSS once idle: the lowest of samples over SETTLE_SECONDS (5) after the load stops. */
async function settledRss(): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < Number(process.env.SETTLE_SECONDS ?? 5) * 4; i++) {
    await Bun.sleep(250);
    samples.push(server.rssMb());
  }
  console.log(`  RSS while settling: ${samples.filter((_, i) => i % 4 === 3).map((mb) => mb.toFixed(0)).join(', ')} MiB`);
  return Math.min(...samples);
}

const count5xx = (tally: Tally) => [...tally.byStatus].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
const percentile = (values: number[], q: number) => values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;

let failed = false;
try {
  // The warm-up is the same mix, CLI included, so both RSS samples follow the same kind of work.
  const warm = newTally();
  let warming = true;
  await Promise.all([drive(WARMUP_SECONDS, warm).then(() => (warming = false)), importWhile(() => !warming)]);
  const rssWarm = await settledRss();
  const songsBefore = local.sqlite.query('SELECT count(*) AS n FROM songs').get() as { n: number };

  const tally = newTally();
  let running = true;
  const cpu0 = serverCpuSeconds();
  const t0 = performance.now();
  const [, imports] = await Promise.all([drive(SECONDS, tally).then(() => (running = false)), importWhile(() => !running)]);
  const seconds = (performance.now() - t0) / 1000;
  const cpuShare = (serverCpuSeconds() - cpu0) / seconds;
  const rssAfter = await settledRss();
  const songsAfter = local.sqlite.query('SELECT count(*) AS n FROM songs').get() as { n: number };
  const importedRows = songsAfter.n - songsBefore.n;

  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
  console.log(`load: ${CLIENTS} clients for ${SECONDS} s (warm-up ${WARMUP_SECONDS} s), ${SONGS} songs; statuses ${statuses}`);
  printFigure('requests answered', tally.requests - tally.networkErrors, 'requests');
  printFigure('throughput', tally.requests / seconds, 'req/s');
  // Near 100 % the server itself is the limit; well below, the machine (clients, CLI, others) is.
  printFigure('server CPU during the run', cpuShare * 100, '% of one core');
  printFigure('latency p50', percentile(tally.latencies, 0.5), 'ms');
  printFigure('latency p99', percentile(tally.latencies, 0.99), 'ms');
  printFigure('5xx answers', count5xx(tally) + count5xx(warm), 'responses', undefined, '0');
  printFigure('network errors', tally.networkErrors + warm.networkErrors, 'requests', undefined, '0');
  printFigure('cli imports during the load', imports.runs, 'runs');
  printFigure('files imported', imports.imported, 'files', { name: 'files given to the CLI', value: imports.expected }, 'ratio 1.00x');
  printFigure('songs added to the database', importedRows, 'songs', { name: 'files given to the CLI', value: imports.expected }, 'ratio 1.00x');
  printFigure('server RSS after the run', rssAfter, 'MiB', { name: 'RSS after the warm-up', value: rssWarm }, '<= 1.10x');
  for (const [kind, values] of [...tally.byKind].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${kind}: ${values.length} requests, p50 ${percentile(values, 0.5).toFixed(1)} ms, p99 ${percentile(values, 0.99).toFixed(1)} ms`);
  }
  for (const error of [...warm.errors, ...tally.errors].slice(0, 10)) console.log(`  error ${error}`);
  for (const failure of imports.failures) console.log(`  import ${failure}`);
  failed =
    count5xx(tally) + count5xx(warm) > 0 ||
    tally.networkErrors > 0 ||
    imports.failures.length > 0 ||
    importedRows !== imports.expected ||
    rssAfter > rssWarm * 1.1;
  console.log(failed ? 'load test: FAILED' : 'load test: passed');
} finally {
  local.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
