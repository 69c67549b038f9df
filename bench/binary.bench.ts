import { rmSync } from 'node:fs';
import { ensureBuilt } from '../src/compose/build.ts';
import { arm64Runner, releaseBinary } from './lib/binary.ts';
import { type BenchServer, benchLogin, printFigure, seedBenchDataDir, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';

// The single binary's budgets: the x64 binary's start-up to its first answered request and its idle RSS
// (after start and a sign-in, settled) against `bun src/compose/main.ts` on the same data folder with
// its build already present; start-up ≤ 1.2× and RSS ≤ 1.1× the source run. Runs alternate,
// median of RUNS each. Then the arm64 binary's start-up under qemu, for information.
const RUNS = Number(process.env.RUNS ?? 5);
const SONGS = Number(process.env.SONGS ?? 2_000);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(start: () => Promise<BenchServer>): Promise<{ startupMs: number; rssMb: number }> {
  const server = await start();
  try {
    await benchLogin(server.url);
    await Bun.sleep(1000);
    return { startupMs: server.startupMs, rssMb: server.rssMb() };
  } finally {
    await server.stop();
  }
}

await ensureBuilt('production');
const x64 = await releaseBinary('linux-x64');
const dataDir = await seedBenchDataDir((db) => seedCatalogue(db, { songs: SONGS, albums: SONGS / 20, playlists: 20 }));
try {
  const source = { startupMs: [] as number[], rssMb: [] as number[] };
  const binary = { startupMs: [] as number[], rssMb: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    const a = await measure(() => startBenchServer({ dataDir }));
    const b = await measure(() => startBenchServer({ dataDir, cmd: [x64] }));
    source.startupMs.push(a.startupMs);
    source.rssMb.push(a.rssMb);
    binary.startupMs.push(b.startupMs);
    binary.rssMb.push(b.rssMb);
  }
  const label = `${SONGS.toLocaleString('en')} songs, median of ${RUNS}`;
  printFigure(`x64 binary start-up to first answered request, ${label}`, median(binary.startupMs), 'ms', { name: 'bun src/compose/main.ts', value: median(source.startupMs) }, '≤ 1.2x');
  printFigure(`x64 binary idle RSS after start and a sign-in, ${label}`, median(binary.rssMb), 'MiB', { name: 'bun src/compose/main.ts', value: median(source.rssMb) }, '≤ 1.1x');

  const arm64 = arm64Runner(await releaseBinary('linux-arm64'));
  if (arm64) {
    const emulated = await measure(() => startBenchServer({ dataDir, cmd: arm64.cmd, env: arm64.env }));
    printFigure(`arm64 binary start-up under qemu-user emulation (information only), ${SONGS.toLocaleString('en')} songs`, emulated.startupMs, 'ms');
  } else {
    console.log('arm64 binary start-up: not measured (needs qemu-user-static and libc6-arm64-cross)');
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
