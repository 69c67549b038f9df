import { rmSync } from 'node:fs';
import { type BenchServer, benchLogin, printFigure, rssOf, seedBenchDataDir, startBenchServer } from './lib/harness.ts';
import { makeTaggedLibrary } from './lib/tagged-library.ts';

// One small machine's figures after a fresh import of SONGS (2,000) tagged files by the CLI:
// start-up to the first answered request, and the idle RSS once the main pages and lists were
// served once (a sign-in, the library, albums, share pages) and the server sat idle; each beside
// a bare Bun.serve in its own process, median of RUNS (3). BINARY=path measures that binary too.
const SONGS = Number(process.env.SONGS ?? 2_000);
const RUNS = Number(process.env.RUNS ?? 3);
const IDLE_MS = 3_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A bare Bun.serve in its own process on a known port: milliseconds to its first answer, idle RSS. */
async function bareRun(): Promise<{ startupMs: number; rssMb: number }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const started = performance.now();
  const child = Bun.spawn([process.execPath, '-e', `Bun.serve({ hostname: '127.0.0.1', port: ${port}, fetch: () => new Response('ok') });`], { stdout: 'ignore' });
  try {
    while (!(await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false))) await Bun.sleep(2);
    const startupMs = performance.now() - started;
    await Bun.sleep(IDLE_MS);
    return { startupMs, rssMb: rssOf(child.pid) };
  } finally {
    child.kill();
    await child.exited;
  }
}

/** Serves what a family's first visit asks for, once, then lets the server sit idle. */
async function hearthRun(start: () => Promise<BenchServer>): Promise<{ startupMs: number; rssMb: number }> {
  const server = await start();
  try {
    const cookie = await benchLogin(server.url);
    const get = async (path: string, withCookie = true) => {
      const response = await fetch(server.url + path, { headers: withCookie ? { cookie } : {} });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
    };
    for (const path of ['/', '/api/songs', '/api/albums', '/api/playlists', '/api/search?q=track', '/admin']) await get(path);
    const albums = (await (await fetch(`${server.url}/api/albums`, { headers: { cookie } })).json()) as { shareId: string }[];
    await get(`/share/album/${albums[0]!.shareId}`, false);
    await get('/share', false);
    await get('/login', false);
    await Bun.sleep(IDLE_MS);
    return { startupMs: server.startupMs, rssMb: server.rssMb() };
  } finally {
    await server.stop();
  }
}

const library = makeTaggedLibrary(SONGS);
const dataDir = await seedBenchDataDir();
try {
  const cli = Bun.spawn([process.execPath, 'src/compose/cli/index.ts', 'import', library, '--publish'], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const output = await new Response(cli.stdout).text();
  if ((await cli.exited) !== 0 || !output.includes(`Imported ${SONGS}`)) throw new Error(`import failed: ${output}`);

  const kinds: [string, () => Promise<{ startupMs: number; rssMb: number }>][] = [
    ['bun src/compose/main.ts', () => hearthRun(() => startBenchServer({ dataDir }))],
    ...(process.env.BINARY ? [['the binary', () => hearthRun(() => startBenchServer({ dataDir, cmd: [process.env.BINARY!] }))] as [string, () => Promise<{ startupMs: number; rssMb: number }>]] : []),
  ];
  const figures = new Map<string, { startupMs: number[]; rssMb: number[] }>();
  for (const name of ['bare', ...kinds.map(([kind]) => kind)]) figures.set(name, { startupMs: [], rssMb: [] });
  // Runs alternate so that other work on the machine hits every side alike.
  for (let run = 0; run < RUNS; run++) {
    for (const [name, measure] of [['bare', bareRun] as const, ...kinds]) {
      const { startupMs, rssMb } = await measure();
      figures.get(name)!.startupMs.push(startupMs);
      figures.get(name)!.rssMb.push(rssMb);
    }
  }
  const base = figures.get('bare')!;
  const label = `${SONGS.toLocaleString('en')} imported songs, median of ${RUNS}`;
  for (const [name] of kinds) {
    const ours = figures.get(name)!;
    printFigure(`${name}: start-up to first answered request, ${label}`, median(ours.startupMs), 'ms', { name: 'bare Bun.serve, own process', value: median(base.startupMs) }, '<= 200 ms');
    printFigure(`${name}: idle RSS after the main pages, ${label}`, median(ours.rssMb), 'MiB', { name: 'bare Bun.serve, own process', value: median(base.rssMb) }, '<= 60 MiB');
  }
} finally {
  rmSync(library, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
