import type { Db } from '../client.ts';

/** Throws when the database cannot answer a trivial read (closed, gone, a disk error). */
export function pingDatabase(db: Db): void {
  db.$client.query('SELECT 1').get();
}
