import { Database } from 'bun:sqlite';
import { drizzle } from 'drizzle-orm/bun-sqlite';
import * as schema from './schema/index.ts';

export type Db = ReturnType<typeof drizzle<typeof schema>>;

export interface DbHandle {
  db: Db;
  sqlite: Database;
  /** `checkpoint: false` when Litestream replicates the file: it owns the checkpoints then. */
  close(options?: { checkpoint?: boolean }): void;
}

/**
 * Opens (creating if needed) the SQLite file with the settings every caller relies on:
 * WAL so readers never block the writer, foreign keys enforced, and a busy timeout so the
 * CLI and the server can write to the same file at once.
 */
export function openDb(path: string): DbHandle {
  const sqlite = new Database(path, { create: true, strict: true });
  // The busy timeout first: switching a new file to WAL takes a lock that another process
  // opening it at the same moment holds (without the wait it failed "database is locked").
  sqlite.exec('PRAGMA busy_timeout = 5000');
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  const db = drizzle({ client: sqlite, schema });
  // Every transaction starts as BEGIN IMMEDIATE: a deferred one that reads first cannot wait for
  // another process's writer (busy_timeout does not apply to the upgrade) and fails "database is
  // locked" at once. Read-only snapshots use the driver's own transaction (db/queries/songs.ts).
  const deferrable = db.transaction.bind(db);
  db.transaction = ((run, config) => deferrable(run, { behavior: 'immediate', ...config })) as typeof db.transaction;
  return {
    db,
    sqlite,
    close({ checkpoint = true } = {}) {
      // Fold the WAL back into the main file so a copied data folder is complete; a truncation
      // behind Litestream's back would make it start a new generation (a full upload) each time.
      if (checkpoint) sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      sqlite.close();
    },
  };
}

/**
 * The bun:sqlite handle behind a Db or behind one of its transactions (drizzle gives a
 * transaction no `$client`), for statements the driver keeps compiled (`query`).
 */
export function sqliteOf(db: Db): Database {
  return db.$client ?? (db as unknown as { session: { client: Database } }).session.client;
}

/** A read-only handle on a database file no one else writes (a backup's snapshot). */
export function openReadOnly(path: string): DbHandle {
  const sqlite = new Database(path, { readonly: true, strict: true });
  const db = drizzle({ client: sqlite, schema });
  return { db, sqlite, close: () => sqlite.close() };
}

/**
 * Another process held the write lock past busy_timeout (5 s): a moment's congestion, not a
 * fault, so callers answer 503 with Retry-After rather than 500.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}
