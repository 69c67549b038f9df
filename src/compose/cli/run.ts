import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../../config.ts';
import { dataDirPaths, openDataDir } from '../../data-dir.ts';
import { HttpError } from '../../errors.ts';
import { createLogger } from '../../logger.ts';
import { MigrationError, NewerDatabaseError } from '../../../db/migrate.ts';
import { openStorage } from '../../../media/s3-storage.ts';
import { type CliCommand, CliUsageError, type FolderCommand } from './command.ts';
import { CLI_PROGRAM } from '../release/is-binary.ts';

// `npm run cli -- <command> …`: works on DATA_DIR while the server runs (WAL + busy timeout).
// The `--` hands every flag to the CLI; without it npm keeps `--password` for itself.
// Each command's module is loaded when it runs: a `user list` does not pay for the image library
// the demo paints covers with, nor for the backup's archiver (a fifth of a second of CPU here).
const COMMANDS: Record<string, () => Promise<CliCommand>> = {
  user: () => import('./user.ts').then((m) => m.userCommand),
  purge: () => import('./purge.ts').then((m) => m.purgeCommand),
  import: () => import('./import.ts').then((m) => m.importCommand),
  demo: () => import('./demo.ts').then((m) => m.demoCommand),
  storage: () => import('./storage.ts').then((m) => m.storageCommand),
};
// These work on the data folder itself: restore must find it empty, backup copies it unchanged.
const FOLDER_COMMANDS: Record<string, () => Promise<FolderCommand>> = {
  backup: () => import('./backup.ts').then((m) => m.backupCommand),
  restore: () => import('./backup.ts').then((m) => m.restoreCommand),
};

export const CLI_USAGE = `Usage: ${CLI_PROGRAM} <command>

  user add NAME --password PW [--admin]   create a family account
  user passwd NAME --password PW          set a new password (signs the user out everywhere)
  user list                               list accounts
  user promote NAME / user demote NAME    make or revoke admin (never the last admin)
  user remove NAME                        remove an account and its playlists (never the last admin)
  purge                                   remove songs, albums and playlists deleted more than 7 days ago
  import DIR [--publish] [--in-place]     add every audio file below DIR (tags, albums, artwork);
                                          files already imported are skipped; --in-place keeps
                                          them where they are instead of copying
  demo                                    add a small published catalogue of generated music
  backup FILE [--media] [--force]         write the database and secret.key (and with --media the
                                          stored music and artwork) to one archive, consistently,
                                          also while the server runs; .tar.gz/.tgz compresses
  restore FILE                            bring a backup back into an empty DATA_DIR
  restore --from-replica                  bring the database back from REPLICA_URL (Litestream)
                                          into an empty DATA_DIR
  storage migrate --to s3|disk [--remove-source]
                                          move the songs' audio to the S3_BUCKET or back to the
                                          disk, verified by hash, resumable; the source is kept
                                          unless --remove-source (after every song is verified)

Every command works on DATA_DIR (default ./data), also while the server is running.`;

/** Runs one CLI command; resolves to the exit code (errors are printed here, without stack traces for user error). */
export async function runCli(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (error) {
    if (error instanceof CliUsageError || error instanceof ConfigError || error instanceof HttpError || error instanceof NewerDatabaseError || error instanceof MigrationError) {
      console.error(`Error: ${error.message}`);
    } else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      console.error(`Error: ${error.message}\n\n${CLI_USAGE}`);
    } else {
      console.error(error);
    }
    return 1;
  }
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const folderCommand = name && Object.hasOwn(FOLDER_COMMANDS, name) ? await FOLDER_COMMANDS[name]!() : undefined;
  if (folderCommand) {
    const config = parseConfig(process.env);
    const args = parseArgs({ args: rest, options: folderCommand.options, allowPositionals: true, strict: true });
    const code = await folderCommand.run({ config, paths: dataDirPaths(config.dataDir), args, print: console.log });
    return typeof code === 'number' ? code : 0;
  }
  const command = name && Object.hasOwn(COMMANDS, name) ? await COMMANDS[name]!() : undefined;
  if (!command) {
    console.error(name && name !== 'help' && name !== '--help' ? `Unknown command "${name}".\n\n${CLI_USAGE}` : CLI_USAGE);
    return name === 'help' || name === '--help' ? 0 : 2;
  }
  const config = parseConfig(process.env);
  const { handle, paths } = openDataDir(config.dataDir);
  try {
    const args = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
    const storage = openStorage(paths.mediaDir, config.s3);
    const code = await command.run({ db: handle.db, config, paths, log: createLogger(config.logLevel), storage, args, print: console.log });
    return typeof code === 'number' ? code : 0;
  } finally {
    handle.close({ checkpoint: config.replicaUrl === null });
  }
}

