import type { Db } from '../db/client.ts';
import { type MediaStorage, localStorage } from '../media/storage.ts';
import { join } from 'node:path';
import { ffmpegProbeFile } from '../media/ffmpeg-probe-cache.ts';
import { type Ffmpeg, findFfmpeg } from '../media/transcode.ts';
import type { Config } from './config.ts';
import { dataDirPaths } from './data-dir.ts';
import { type AuthPlugin, authPlugin } from './http/auth-plugin.ts';
import type { Logger } from './logger.ts';

/** What createApp needs from its caller (main.ts, tests, benches). */
export interface AppDeps {
  config: Config;
  db: Db;
  /** Key that signs session tokens (DATA_DIR/secret.key). */
  secret: string;
  log: Logger;
  /**
   * Audio, artwork and previews under DATA_DIR/media, opened by main.ts, the CLI and the test
   * server; opened here from `config.dataDir` when a caller (a test) gives none.
   */
  storage?: MediaStorage;
  /** The clock; tests move it. */
  now?: () => number;
  /** ffmpeg for the Subsonic API's transcoding: looked up on PATH at start unless given (null: none). */
  ffmpeg?: Ffmpeg | null;
}

/** What every route plugin receives: the deps plus the shared auth plugin instance. */
export interface AppContext extends Required<AppDeps> {
  auth: AuthPlugin;
}

export function createAppContext(deps: AppDeps): AppContext {
  const now = deps.now ?? Date.now;
  // The probe's answer is kept in the data folder: a start with the same ffmpeg spawns nothing.
  const ffmpeg = deps.ffmpeg === undefined ? findFfmpeg(ffmpegProbeFile(join(deps.config.dataDir, 'cache', 'ffmpeg.json'))) : deps.ffmpeg;
  const storage = deps.storage ?? localStorage(dataDirPaths(deps.config.dataDir).mediaDir);
  return { ...deps, now, ffmpeg, storage, auth: authPlugin({ ...deps, now }) };
}
