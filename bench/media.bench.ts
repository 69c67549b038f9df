import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { fixture } from '../src/testing/media-fixtures.ts';
import { localStorage } from '../media/storage.ts';
import { randomId } from '../src/shared/ids.ts';
import { insertSong } from '../src/testing/factories.ts';
import { makeTempDir } from '../src/testing/server.ts';
import { makeTaggedLibrary } from './lib/tagged-library.ts';
import { benchLogin, cpuMsOf, measureRequests, printFigure, rssOf, spawnBareServer, startBenchServer } from './lib/harness.ts';

// Media figures (docs/architecture.md): range serving vs bare Bun.serve, a 100 MB upload's RSS and
// throughput vs a plain disk write, and CLI import rate vs music-metadata alone.
// ONLY_RANGES=1 runs just the first figure.
const MiB = 1024 * 1024;

/** A bare Bun.serve of one file in its own process (the baseline). */
function bareServer(path: string) {
  return spawnBareServer(`const s = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(Bun.file(${JSON.stringify(path)})) }); console.log(s.port);`);
}

interface RangeRound {
  rps: number;
  p99Ms: number;
  cpuUs: number;
}

async function measured(pid: number, run: () => Promise<{ rps: number; p99Ms: number }>): Promise<RangeRound> {
  const before = cpuMsOf(pid);
  const result = await run();
  return { ...result, cpuUs: ((cpuMsOf(pid) - before) * 1000) / 800 };
}

async function rangeServing() {
  const size = 32;
  const bytes = new Uint8Array(size * MiB).fill(0x42);
  const hash = new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
  const shareId = randomId();
  const server = await startBenchServer({
    seed: (db, dataDir) => {
      const path = localStorage(join(dataDir, 'media')).audio.location(hash);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, bytes);
      insertSong(db, { audioHash: hash, audioFormat: 'mp3', shareId, status: 'published' });
    },
  });
  const barePath = join(server.dataDir, 'bare.bin');
  writeFileSync(barePath, bytes);
  let bare: Awaited<ReturnType<typeof bareServer>> | null = null;
  try {
    const baseline = (bare = await bareServer(barePath));
    const load = (url: string) =>
      measureRequests({
        requests: 800,
        concurrency: 16,
        run: async (i) => {
          const start = ((i * 7919) % (size - 1)) * MiB;
          const response = await fetch(url, { headers: { range: `bytes=${start}-${start + MiB - 1}` } });
          if (response.status !== 206 || (await response.arrayBuffer()).byteLength !== MiB) throw new Error(`bad range ${response.status}`);
        },
      });
    const oursUrl = `${server.url}/media/songs/${shareId}/${hash}.mp3`;
    const bareUrl = baseline.url;
    await load(bareUrl); // warm both sides' page cache
    await load(oursUrl);
    // Rounds alternate so that load from other work on the machine hits both sides alike;
    // the server's CPU time per request (from /proc) is steadier than throughput.
    const rounds: { ours: RangeRound; base: RangeRound }[] = [];
    for (let round = 0; round < 3; round++) {
      rounds.push({ ours: await measured(server.pid, () => load(oursUrl)), base: await measured(baseline.pid, () => load(bareUrl)) });
    }
    const median = (pick: (r: (typeof rounds)[number]) => number) => rounds.map(pick).sort((a, b) => a - b)[1]!;
    printFigure('audio 1 MiB ranges, 16 clients (median of 3 rounds)', median((r) => r.ours.rps), 'req/s', { name: 'bare Bun.serve of the same file', value: median((r) => r.base.rps) }, '>= 0.8x');
    printFigure('audio 1 MiB ranges p99', median((r) => r.ours.p99Ms), 'ms', { name: 'bare Bun.serve p99', value: median((r) => r.base.p99Ms) });
    printFigure('audio 1 MiB range: server CPU per request', median((r) => r.ours.cpuUs), 'µs', { name: 'bare Bun.serve', value: median((r) => r.base.cpuUs) });
  } finally {
    await bare?.stop();
    await server.stop();
  }
}

/** A ~100 MB valid mp3 (frames of a fixture repeated), streamed as multipart without holding it. */
function bigUpload(frames: Uint8Array, copies: number, boundary: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const chunk = new Uint8Array(frames.length * 256);
  for (let i = 0; i < 256; i++) chunk.set(frames, i * frames.length);
  let sent = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp3"\r\n\r\n`));
    },
    pull(controller) {
      if (sent >= copies) {
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += 256;
    },
  });
}

async function uploadFigures() {
  const frames = await Bun.file(fixture('plain.mp3')).bytes();
  const copies = Math.floor((99 * MiB) / frames.length / 256) * 256;
  const totalMb = (frames.length * copies) / MiB;
  const server = await startBenchServer();
  try {
    const cookie = await benchLogin(server.url);
    const before = server.rssMb();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(server.pid));
    }, 20);
    const t0 = performance.now();
    const response = await fetch(`${server.url}/api/upload/audio`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=hearthbench' },
      body: bigUpload(frames, copies, 'hearthbench'),
      duplex: 'half',
    } as RequestInit);
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
    // Baseline: the same bytes written to disk in this process, 1 MiB at a time.
    const path = join(server.dataDir, 'baseline.bin');
    const chunk = new Uint8Array(frames.length * 256);
    for (let i = 0; i < 256; i++) chunk.set(frames, i * frames.length);
    const t1 = performance.now();
    const fd = openSync(path, 'w');
    for (let sent = 0; sent < copies; sent += 256) writeSync(fd, chunk);
    closeSync(fd);
    const baseSeconds = (performance.now() - t1) / 1000;
    printFigure(`upload ${totalMb.toFixed(0)} MB: server RSS growth`, peak - before, 'MiB', undefined, '< 40 MiB');
    printFigure(`upload ${totalMb.toFixed(0)} MB throughput`, totalMb / seconds, 'MB/s', { name: 'in-process disk write', value: totalMb / baseSeconds }, '>= 0.5x');
  } finally {
    await server.stop();
  }
}

async function importFigures() {
  const count = 2000;
  const library = makeTaggedLibrary(count);
  const dataDir = makeTempDir('hearth-import-data-');
  try {
    const t0 = performance.now();
    const child = Bun.spawn([process.execPath, 'src/compose/cli/index.ts', 'import', library, '--publish'], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdout: 'pipe', stderr: 'pipe' });
    const output = await new Response(child.stdout).text();
    if ((await child.exited) !== 0 || !output.includes(`Imported ${count}`)) throw new Error(`import failed: ${output}`);
    const importRate = count / ((performance.now() - t0) / 1000);
    const files = [...new Bun.Glob('**/*.mp3').scanSync(library)].map((name) => join(library, name));
    const t1 = performance.now();
    for (const file of files) await parseFile(file, { duration: false, skipPostHeaders: true });
    const parseRate = count / ((performance.now() - t1) / 1000);
    printFigure(`cli import of ${count} tagged files`, importRate, 'files/s', { name: 'music-metadata parse alone', value: parseRate });
  } finally {
    rmSync(library, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await rangeServing();
if (!process.env.ONLY_RANGES) await uploadFigures();
if (!process.env.ONLY_RANGES) await importFigures();
