import { join } from 'node:path';
import { migrate } from 'drizzle-orm/bun-sqlite/migrator';
import type { Db } from './client.ts';

export const MIGRATIONS_DIR = join(import.meta.dir, 'migrations');

/** Applies every committed migration not yet applied; safe to call on every start. */
export function migrateDb(db: Db, migrationsFolder = MIGRATIONS_DIR): void {
  migrate(db, { migrationsFolder });
}
