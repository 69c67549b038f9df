import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './client.ts';

export const MIGRATIONS_DIR = join(import.meta.dir, 'migrations');
let migrationsDir = MIGRATIONS_DIR;

/**
 * Where the migrations are read from. The single binary has them compiled in and writes them
 * to a temporary folder first (src/compose/release/binary-entry.ts): drizzle's reader wants a folder.
 */
export function useMigrationsFrom(folder: string): void {
  migrationsDir = folder;
}
// drizzle's own bookkeeping table: data folders made by earlier versions already have it.
const TABLE = '__drizzle_migrations';

interface Migration {
  tag: string;
  sql: string[];
  folderMillis: number;
  hash: string;
}

/** Where a database stands against the migrations this code knows. */
export interface SchemaState {
  /** Migrations applied to the database (drizzle's rows). */
  applied: number;
  /** Tag of the newest migration applied, when this code knows it. */
  appliedTag: string | null;
  /** Migrations this code knows, and the newest one's tag. */
  known: number;
  knownTag: string;
  /** Applied after the newest migration this code knows: a newer Hearth wrote it. */
  newer: boolean;
  pending: number;
}

/** A database a newer Hearth migrated: opening it would run old code on a schema it does not know. */
export class NewerDatabaseError extends Error {}

/** A migration failed; the transaction was rolled back, so the database is as it was. */
export class MigrationError extends Error {}

/** The tags of the migrations this Hearth ships, in order ("0000_init", …). */
export function knownMigrationTags(folder = migrationsDir): string[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}

function readMigrations(folder = migrationsDir): Migration[] {
  const tags = knownMigrationTags(folder);
  return readMigrationFiles({ migrationsFolder: folder }).map((migration, i) => ({ ...migration, tag: tags[i]! }));
}

function appliedRows(db: Db): { createdAt: number }[] {
  const exists = db.all<{ n: number }>(sql`select count(*) as n from sqlite_master where type = 'table' and name = ${TABLE}`);
  if (!exists[0]?.n) return [];
  return db.all<{ createdAt: number }>(sql`select created_at as createdAt from ${sql.identifier(TABLE)} order by created_at`);
}

function stateOf(db: Db, migrations: Migration[]): SchemaState {
  const rows = appliedRows(db);
  const last = rows.at(-1)?.createdAt ?? null;
  const newest = migrations.at(-1)!;
  const appliedTag = last === null ? null : migrations.find((m) => m.folderMillis === Number(last))?.tag ?? null;
  return {
    applied: rows.length,
    appliedTag,
    known: migrations.length,
    knownTag: newest.tag,
    newer: last !== null && Number(last) > newest.folderMillis,
    pending: last === null ? migrations.length : migrations.filter((m) => m.folderMillis > Number(last)).length,
  };
}

export function schemaState(db: Db, folder = migrationsDir): SchemaState {
  return stateOf(db, readMigrations(folder));
}

export function newerDatabaseMessage(state: SchemaState, what = 'This database'): string {
  return `${what} was upgraded by a newer Hearth: it has ${state.applied} migrations applied, and this Hearth knows ${state.known} (up to ${state.knownTag}). ` +
    'Run the newer Hearth again, or restore a backup made before the upgrade. Nothing was changed.';
}

function apply(db: Db, migrations: Migration[]): number {
  db.run(sql`CREATE TABLE IF NOT EXISTS ${sql.identifier(TABLE)} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
  const state = stateOf(db, migrations);
  if (state.newer) throw new NewerDatabaseError(newerDatabaseMessage(state));
  const last = Number(appliedRows(db).at(-1)?.createdAt ?? 0);
  let count = 0;
  for (const migration of migrations) {
    if (last >= migration.folderMillis) continue;
    try {
      for (const statement of migration.sql) db.run(sql.raw(statement));
    } catch (error) {
      const reason = (error as { cause?: Error }).cause?.message ?? (error as Error).message;
      throw new MigrationError(`Migration ${migration.tag} failed (${reason}); the database was left as it was.`);
    }
    db.run(sql`INSERT INTO ${sql.identifier(TABLE)} ("hash", "created_at") VALUES (${migration.hash}, ${migration.folderMillis})`);
    count += 1;
  }
  const broken = db.all(sql`PRAGMA foreign_key_check`);
  if (broken.length > 0) throw new MigrationError(`The migrations left ${broken.length} rows pointing at missing rows; the database was left as it was.`);
  return count;
}

/**
 * Applies every committed migration not yet applied, all in one BEGIN IMMEDIATE transaction
 * (a failure rolls every one back; two processes starting at once never both migrate), and
 * refuses a database a newer Hearth migrated. Foreign keys are off meanwhile, as SQLite's
 * table rebuilds need (the PRAGMA is a no-op inside a transaction), and checked before commit.
 */
export function migrateDb(db: Db, migrationsFolder = migrationsDir): number {
  const migrations = readMigrations(migrationsFolder);
  const sqlite = db.$client;
  const foreignKeys = (sqlite.query('PRAGMA foreign_keys').get() as { foreign_keys: number }).foreign_keys;
  sqlite.exec('PRAGMA foreign_keys = OFF');
  try {
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      const count = apply(db, migrations);
      sqlite.exec('COMMIT');
      return count;
    } catch (error) {
      sqlite.exec('ROLLBACK');
      throw error;
    }
  } finally {
    if (foreignKeys) sqlite.exec('PRAGMA foreign_keys = ON');
  }
}
