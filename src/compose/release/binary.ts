import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { useMigrationsFrom } from '../../../db/migrate.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { type BuiltBundles, useCompiledBundles } from '../../render/bundles.ts';

/** What the release build compiles into the binary (its generated entry, see release.ts). */
export interface CompiledIn {
  /** Loads the bundles (React, the RSC bundle, the islands): at the first page, not at start. */
  bundles: () => Promise<BuiltBundles>;
  /** db/migrations' files by relative path → where the binary keeps each. */
  migrations: Record<string, string>;
}

const VERSION = packageJson.version;

const help = (usage: string) => `Hearth ${VERSION}: music for the whole family.

  ./hearth                  start the server: http://localhost:3000, data in ./data
                            (PORT, HOST, DATA_DIR, PUBLIC_URL… as in the README)
  ./hearth <command>        run a command on DATA_DIR, also while the server runs
  ./hearth --version        print the version

${usage}`;

/**
 * drizzle's migration reader wants a folder: the compiled-in migrations are written to a
 * private temporary one for this process, removed again when it exits.
 */
function writeMigrations(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-migrations-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  for (const [name, compiled] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), readFileSync(compiled));
  }
  return dir;
}

/** The binary's one entry: the server, or a CLI command, with everything it needs compiled in. */
export async function runBinary(compiled: CompiledIn): Promise<void> {
  useCompiledBundles(compiled.bundles);
  const [first] = process.argv.slice(2);
  if (first === '--version' || first === '-v' || first === 'version') {
    console.log(`Hearth ${VERSION}`);
    return;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    console.log(help((await import('../cli/run.ts')).CLI_USAGE));
    return;
  }
  useMigrationsFrom(writeMigrations(compiled.migrations));
  if (first === undefined) {
    await import('../main.ts');
    return;
  }
  // The CLI's modules (tags, archives, buckets) load only for a command, never for the server.
  const { runCli } = await import('../cli/run.ts');
  process.exitCode = await runCli(process.argv.slice(2));
}
