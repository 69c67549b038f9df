import type { Db } from '../client.ts';
import { perDb } from './prepared.ts';

/** Throws when the database cannot answer a trivial read (closed, gone, a disk error). */
export function pingDatabase(db: Db): void {
  db.$client.query('SELECT 1').get();
}

const writeCounters = perDb((db) =>
  db.$client.prepare<{ t: number; d: number }, []>('SELECT total_changes() AS t, data_version AS d FROM pragma_data_version'),
);

/**
 * Changes whenever anything is written to the database: this connection's total_changes,
 * plus data_version for commits from other connections (the CLI).
 */
export function readWriteVersion(db: Db): string {
  const row = writeCounters(db).get()!;
  return `${row.d}:${row.t}`;
}
