import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config.ts';
import { openDataDir } from '../data-dir.ts';
import { HttpError } from '../errors.ts';
import { createLogger } from '../logger.ts';
import { MigrationError, NewerDatabaseError } from '../../db/migrate.ts';
import { type CliCommand, CliUsageError } from './command.ts';
import { demoCommand } from './demo.ts';
import { importCommand } from './import.ts';
import { purgeCommand } from './purge.ts';
import { userCommand } from './user.ts';

// `npm run cli -- <command> …`: works on DATA_DIR while the server runs (WAL + busy timeout).
// The `--` hands every flag to the CLI; without it npm keeps `--password` for itself.
const COMMANDS: Record<string, CliCommand> = {
  user: userCommand,
  purge: purgeCommand,
  import: importCommand,
  demo: demoCommand,
};

const USAGE = `Usage: npm run cli -- <command>

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

Every command works on DATA_DIR (default ./data), also while the server is running.`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(name && name !== 'help' && name !== '--help' ? `Unknown command "${name}".\n\n${USAGE}` : USAGE);
    return name === 'help' || name === '--help' ? 0 : 2;
  }
  const config = parseConfig(process.env);
  const { handle, paths } = openDataDir(config.dataDir);
  try {
    const args = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
    const code = await command.run({ db: handle.db, config, paths, log: createLogger(config.logLevel), args, print: console.log });
    return typeof code === 'number' ? code : 0;
  } finally {
    handle.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof CliUsageError || error instanceof ConfigError || error instanceof HttpError || error instanceof NewerDatabaseError || error instanceof MigrationError) {
    console.error(`Error: ${error.message}`);
  } else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    console.error(`Error: ${error.message}\n\n${USAGE}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
