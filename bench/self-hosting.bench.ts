import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { releaseBinary } from './lib/binary.ts';
import { benchLogin, printFigure, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';

// docs/self-hosting.md's memory and disk expectations, on the x64 release binary (compiled
// first, not timed): idle RSS after start and one sign-in, RSS once the library list was read,
// the data folder's size (the database only: the family's media is their own files' size), and
// a backup of it without media by the binary's CLI.
const binary = await releaseBinary('linux-x64');
const SIZES = [
  { songs: 2_000, albums: 100, playlists: 20 },
  { songs: 50_000, albums: 500, playlists: 200 },
];

function folderMb(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return bytes / 1024 / 1024;
}

for (const counts of SIZES) {
  const label = `${counts.songs.toLocaleString('en')} songs`;
  const server = await startBenchServer({ seed: (db) => seedCatalogue(db, counts), cmd: [binary] });
  try {
    const cookie = await benchLogin(server.url);
    await Bun.sleep(1000);
    printFigure(`start-up to first answered request, ${label}`, server.startupMs, 'ms');
    printFigure(`idle RSS after start and a sign-in, ${label}`, server.rssMb(), 'MiB');
    const list = await fetch(`${server.url}/api/songs`, { headers: { cookie, 'accept-encoding': 'gzip' } });
    await list.arrayBuffer();
    await Bun.sleep(1000);
    printFigure(`RSS after the library list was read, ${label}`, server.rssMb(), 'MiB');
    printFigure(`data folder (database and WAL, no media), ${label}`, folderMb(server.dataDir), 'MiB');
    // `backup` (no media) while the server runs: the CLI's wall time, the process start included.
    const archive = join(server.dataDir, '..', `${server.dataDir.split('/').pop()}-backup.tar.gz`);
    const started = performance.now();
    const backup = Bun.spawnSync([binary, 'backup', archive], { env: { ...process.env, DATA_DIR: server.dataDir } });
    if (backup.exitCode !== 0) throw new Error(`backup failed: ${backup.stderr}`);
    printFigure(`backup without media (the binary's CLI, wall time), ${label}`, performance.now() - started, 'ms');
    printFigure(`backup file (.tar.gz), ${label}`, statSync(archive).size / 1024 / 1024, 'MiB');
    rmSync(archive);
  } finally {
    await server.stop();
  }
}
