import type { Database } from 'bun:sqlite';
import { type Db, sqliteOf } from '../client.ts';
import { commitProbe } from '../commit-probe.ts';
import { readCatalogueVersion } from './songs.ts';

const remembered = new WeakMap<Database, { probe: ReturnType<typeof commitProbe>; version: number }>();

/**
 * The catalogue version, read again only when some connection committed since the last read
 * (db/commit-probe.ts): every cached page and list asks on each request. Inside a transaction
 * it is always read, as that transaction sees it (its own writes, or its snapshot's state).
 */
export function currentCatalogueVersion(db: Db): number {
  const sqlite = sqliteOf(db);
  if (sqlite.inTransaction) return readCatalogueVersion(db);
  let memo = remembered.get(sqlite);
  if (!memo) remembered.set(sqlite, (memo = { probe: commitProbe(sqlite), version: 0 }));
  if (!memo.probe) return readCatalogueVersion(db);
  if (!memo.probe.changedSince()) return memo.version;
  memo.probe.mark();
  try {
    memo.version = readCatalogueVersion(db);
  } catch (error) {
    // The mark vouches for a version never read: forget it, so the next call reads again.
    remembered.delete(sqlite);
    throw error;
  }
  return memo.version;
}
