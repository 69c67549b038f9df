import type { ParseArgsConfig } from 'node:util';
import type { Db } from '../../../db/client.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import type { Config } from '../../config.ts';
import type { DataDir } from '../../data-dir.ts';
import type { Logger } from '../../logger.ts';

export interface CliContext {
  db: Db;
  config: Config;
  paths: DataDir;
  log: Logger;
  /** DATA_DIR/media, opened with the database. */
  storage: MediaStorage;
  args: { values: Record<string, string | boolean | (string | boolean)[] | undefined>; positionals: string[] };
  print: (line: string) => void;
}

export interface CliCommand {
  options: NonNullable<ParseArgsConfig['options']>;
  /** A number is the exit code (an import with failed files is 1); nothing means success. */
  run(ctx: CliContext): Promise<void | number> | void | number;
}

/** A mistake in how the command was called: printed without a stack trace, exit 1. */
export class CliUsageError extends Error {}

/** A command on the data folder itself (backup, restore): it opens no database, and migrates nothing. */
export interface FolderCommand {
  options: NonNullable<ParseArgsConfig['options']>;
  run(ctx: Omit<CliContext, 'db' | 'log' | 'storage'>): Promise<void | number> | void | number;
}
