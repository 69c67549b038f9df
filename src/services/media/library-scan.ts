import { existsSync } from 'node:fs';
import type { Db } from '../../../db/client.ts';
import { listImportRoots } from '../../../db/queries/import-roots.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import type { Logger } from '../../logger.ts';
import { importFolder } from './import.ts';

export interface ScanState {
  scanning: boolean;
  /** Files looked at so far in the running scan. */
  count: number;
  /** When the last scan finished (ms), if one has. */
  lastScan: number | null;
}

/**
 * A scan: `cli import` over every folder it imported before, with the same options, one at a time
 * in the background. Unchanged files are skipped unread, so it costs what changed. One scan at
 * a time per server; another start while one runs joins it.
 */
export class LibraryScanner {
  #state: ScanState = { scanning: false, count: 0, lastScan: null };

  constructor(
    private readonly db: Db,
    private readonly storage: MediaStorage,
    private readonly log: Logger,
    private readonly now: () => number,
  ) {}

  state(): ScanState {
    return { ...this.#state };
  }

  /**
   * Starts a scan unless one is running or no folder was ever imported; answers at once (the
   * scan runs after this returns).
   */
  start(): void {
    if (this.#state.scanning || listImportRoots(this.db).length === 0) return;
    this.#state = { ...this.#state, scanning: true, count: 0 };
    // Off the request's path: even listing the folders waits for the next turn of the loop.
    setTimeout(() => void this.#run(), 0);
  }

  async #run(): Promise<void> {
    try {
      for (const root of listImportRoots(this.db)) {
        if (!existsSync(root.path)) {
          this.log.warn(`scan: ${root.path} is gone; skipped`);
          continue;
        }
        let done = 0;
        const before = this.#state.count;
        const report = await importFolder(this.db, this.storage, root.path, {
          publish: root.publish,
          inPlace: root.inPlace,
          // About 6 ms of writing at a time instead of 50: the server keeps answering (and a room keeps time).
          batchSongs: 25,
          onProgress: (index) => {
            done = index;
            this.#state.count = before + done;
          },
        });
        if (report.imported > 0 || report.failed.length > 0) this.log.info(`scan: ${root.path}: imported ${report.imported}, failed ${report.failed.length}`);
      }
    } catch (error) {
      this.log.error('scan failed', error);
    } finally {
      this.#state = { ...this.#state, scanning: false, lastScan: this.now() };
    }
  }
}
