import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { knownImportFiles } from '../db/queries/import-files.ts';
import { openDataDir } from '../src/data-dir.ts';
import { findAudioFiles } from '../src/services/media/import.ts';
import { fixture } from '../src/testing/media-fixtures.ts';
import { makeTempDir } from '../src/testing/server.ts';
import { type ImportRun, cliImport } from './lib/cli-import.ts';
import { printFigure } from './lib/harness.ts';

// A fresh `cli import` of FILES tagged files (2,000 unless told) beside music-metadata parsing
// the same files alone, in the same sitting; then a re-scan of the unchanged library and where
// its time goes. FILES=100000 for the large library (budgets: under 2 min, re-scan under 3 s).
const count = Number(process.env.FILES ?? 2000);
// Estimate only: a Raspberry Pi 4's Cortex-A72 at 1.5 GHz against one core of this machine, for
// single-threaded JavaScript (PI_RATIO=n to use another).
const piRatio = Number(process.env.PI_RATIO ?? 5);

/** `count` tagged mp3s, each the fixture with a distinct title of the same length, 50 to a folder. */
async function makeLibrary(): Promise<string> {
  const dir = makeTempDir('hearth-import-scale-');
  const source = readFileSync(fixture('tagged.mp3'));
  const at = source.indexOf('Hearth Tone');
  for (let folder = 0; folder * 50 < count; folder++) mkdirSync(join(dir, `album-${folder}`));
  let next = 0;
  // A few writes in flight: file creation waits on the disk, not on this thread.
  const writer = async () => {
    for (let i = next++; i < count; i = next++) {
      const copy = Buffer.from(source);
      // "Track " and five base-36 digits: as long as "Hearth Tone", distinct up to 60 million.
      copy.write(`Track ${i.toString(36).padStart(5, '0')}`, at, 'latin1');
      await writeFile(join(dir, `album-${Math.floor(i / 50)}`, `${i}.mp3`), copy);
    }
  };
  await Promise.all(Array.from({ length: 16 }, writer));
  return dir;
}


/** music-metadata alone over every file, as the media bench measures it (wall and CPU time). */
async function parseAlone(files: string[]): Promise<{ ms: number; cpuMs: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const file of files) await parseFile(file, { duration: false, skipPostHeaders: true });
  const cpu = process.cpuUsage(cpu0);
  return { ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const median = async (run: () => Promise<ImportRun>) => {
  const runs = [await run(), await run(), await run()].sort((a, b) => a.ms - b.ms);
  return runs[1]!;
};

const timed = <T>(work: () => T): { value: T; ms: number } => {
  const t0 = performance.now();
  const value = work();
  return { value, ms: performance.now() - t0 };
};

console.log(`load average before: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
const made = performance.now();
const library = await makeLibrary();
console.log(`fixture: ${count} files written in ${(performance.now() - made).toFixed(0)} ms`);
const dataDir = makeTempDir('hearth-import-scale-data-');
try {
  const first = await cliImport(library, dataDir);
  if (!first.output.includes(`Imported ${count}, skipped 0, failed 0.`)) throw new Error(`first import: ${first.output}`);
  const files = findAudioFiles(library);
  const parse = await parseAlone(files);
  const budget = count >= 100_000 ? '< 120 s' : undefined;
  printFigure(`cli import of ${count} new files (wall)`, first.ms / 1000, 's', { name: 'music-metadata parseFile alone, same files', value: parse.ms / 1000 }, budget ?? '<= 2x');
  printFigure(`cli import of ${count} new files (CPU)`, first.cpuMs / 1000, 's', { name: 'music-metadata parseFile alone (CPU)', value: parse.cpuMs / 1000 });
  printFigure(`cli import of ${count} new files`, count / (first.ms / 1000), 'files/s', { name: 'music-metadata parseFile alone', value: count / (parse.ms / 1000) });
  const perFileMs = first.cpuMs / count;
  printFigure(`Raspberry Pi 4 estimate (CPU per file here x ${piRatio}), ${count} files`, (perFileMs * piRatio * count) / 1000, 's', { name: 'this machine, CPU', value: first.cpuMs / 1000 });

  // The re-scan: the median of three CLI runs against the CLI's fixed cost on an empty folder.
  const again = await median(() => cliImport(library, dataDir));
  if (!again.output.includes(`Imported 0, skipped ${count}, failed 0.`)) throw new Error(`re-scan: ${again.output}`);
  const empty = makeTempDir('hearth-import-scale-empty-');
  const idle = await median(() => cliImport(empty, dataDir));
  rmSync(empty, { recursive: true, force: true });
  printFigure(`re-scan of ${count} unchanged files (cli, wall)`, again.ms, 'ms', { name: 'cli import of an empty folder', value: idle.ms }, count >= 100_000 ? '< 3000 ms' : undefined);

  // Where a re-scan's time goes, each part alone in this process.
  const walk = timed(() => findAudioFiles(library));
  const stats = timed(() => walk.value.forEach((file) => statSync(file)));
  const { handle } = openDataDir(dataDir);
  const lookups = timed(() => knownImportFiles(handle.db, library).size);
  handle.close();
  console.log(`re-scan parts: directory walk ${walk.ms.toFixed(0)} ms, stat of every file ${stats.ms.toFixed(0)} ms, known files (with a song) read ${lookups.ms.toFixed(0)} ms`);
} finally {
  rmSync(library, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
}
