import type { Db } from '../client.ts';

/** Throws when the database cannot answer a trivial read (closed, gone, a disk error). */
export function pingDatabase(db: Db): void {
  db.$client.query('SELECT 1').get();
}

/**
 * Refreshes the query planner's statistics (sampled, so a few ms at 100,000 songs). Without them
 * SQLite takes the status index as selective and walks every published song to find one album's.
 */
export function refreshPlannerStats(db: Db): void {
  db.$client.exec('PRAGMA analysis_limit = 1000');
  db.$client.exec('PRAGMA optimize = 0x10002');
}
