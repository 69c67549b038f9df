import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { Ffmpeg } from '../../media/transcode.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

export interface JobDeps {
  db: Db;
  config: Config;
  log: Logger;
  /** DATA_DIR/media, for the media clean-up after the trash purge. */
  storage: MediaStorage;
  /** ffmpeg for the loudness measurement: looked up on PATH unless given (null: none). */
  ffmpeg?: Ffmpeg | null;
  /** The clock; tests pass a moved one. */
  now: () => number;
}

/** An in-process periodic task: run once at start, then every `everyMs`. */
export interface Job {
  name: string;
  everyMs: number;
  run(deps: JobDeps, signal: AbortSignal): Promise<void> | void;
}
