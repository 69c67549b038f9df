import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

export interface JobDeps {
  db: Db;
  config: Config;
  log: Logger;
  /** DATA_DIR/media, for the media clean-up after the trash purge. */
  storage: MediaStorage;
  /** The clock; tests pass a moved one. */
  now: () => number;
}

/** An in-process periodic task: run once at start, then every `everyMs`. */
export interface Job {
  name: string;
  everyMs: number;
  run(deps: JobDeps, signal: AbortSignal): Promise<void> | void;
}
