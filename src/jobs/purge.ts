import { type PurgeResult, purgeTrash } from '../services/trash/trash.ts';
import type { Job, JobDeps } from './job.ts';

/** Runs after each purge with what was removed, e.g. to delete media nothing references. */
export type PurgeHook = (result: PurgeResult, deps: JobDeps, signal: AbortSignal) => Promise<void> | void;

export interface PurgeJob extends Job {
  /** One purge now, hooks included; the CLI's `purge` and tests call this. */
  purgeNow(deps: JobDeps, signal?: AbortSignal): Promise<PurgeResult>;
}

/** Trash purge (docs/architecture.md): at start-up, then hourly, with the clock of its caller. */
export function createPurgeJob(hooks: PurgeHook[] = []): PurgeJob {
  const purgeNow = async (deps: JobDeps, signal = new AbortController().signal) => {
    const result = purgeTrash(deps.db, deps.now());
    for (const hook of hooks) await hook(result, deps, signal);
    const { songs, albums, playlists } = result;
    if (songs.length + albums.length + playlists > 0) {
      deps.log.info(`Purged from Deleted: ${songs.length} songs, ${albums.length} albums, ${playlists} playlists`);
    }
    return result;
  };
  return {
    name: 'trash-purge',
    everyMs: 60 * 60 * 1000,
    purgeNow,
    async run(deps, signal) {
      await purgeNow(deps, signal);
    },
  };
}
