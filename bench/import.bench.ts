import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findAudioFiles } from '../src/services/media/import.ts';
import { fixture } from '../src/testing/media-fixtures.ts';
import { makeTempDir } from '../src/testing/server.ts';
import { cliImport } from './lib/cli-import.ts';
import { printFigure } from './lib/harness.ts';

// Re-import of an unchanged 10,000-file library: the real CLI, wall time, against
// hashing every file in-process (what each re-import used to cost before its skip). FILES=n
// changes the size.
const count = Number(process.env.FILES ?? 10_000);

/** `count` tagged mp3s, each with a distinct title of the same length, 50 to a folder. */
function makeLibrary(): string {
  const dir = makeTempDir('hearth-reimport-bench-');
  const source = readFileSync(fixture('tagged.mp3'));
  const at = source.indexOf('Hearth Tone');
  for (let i = 0; i < count; i++) {
    const copy = Buffer.from(source);
    copy.write(`Track ${String(i).padStart(5, '0')}`, at, 'latin1');
    const folder = join(dir, `album-${Math.floor(i / 50)}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${i}.mp3`), copy);
  }
  return dir;
}


const library = makeLibrary();
const dataDir = makeTempDir('hearth-reimport-data-');
try {
  const first = await cliImport(library, dataDir);
  if (!first.output.includes(`Imported ${count}, skipped 0, failed 0.`)) throw new Error(`first import: ${first.output}`);
  printFigure(`cli import of ${count} new files`, count / (first.ms / 1000), 'files/s');

  // The median of three runs each: the first right after 10,000 writes also pays the kernel's
  // write-back of them. Baselines: the CLI's fixed cost (start, open, migrate) on an empty
  // folder, and hashing every file in-process, the old re-import's floor (4.8 KB files here).
  const median = async (run: () => Promise<{ ms: number; output: string }>) => {
    const runs = [await run(), await run(), await run()].sort((a, b) => a.ms - b.ms);
    return runs[1]!;
  };
  const again = await median(() => cliImport(library, dataDir));
  if (!again.output.includes(`Imported 0, skipped ${count}, failed 0.`)) throw new Error(`re-import: ${again.output}`);
  const empty = makeTempDir('hearth-reimport-empty-');
  const idle = await median(() => cliImport(empty, dataDir));
  rmSync(empty, { recursive: true, force: true });
  const t0 = performance.now();
  for (const file of findAudioFiles(library)) new Bun.CryptoHasher('sha256').update(await Bun.file(file).bytes()).digest('hex');
  const hashMs = performance.now() - t0;
  const label = `cli re-import of ${count} unchanged files (wall)`;
  printFigure(label, again.ms, 'ms', { name: 'cli import of an empty folder', value: idle.ms }, '< 1000 ms');
  printFigure(label, again.ms, 'ms', { name: 'hashing every file in-process', value: hashMs });
} finally {
  rmSync(library, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
