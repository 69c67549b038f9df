import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type RateLimitRow, rateLimits } from '../schema/index.ts';
import { perDb } from './prepared.ts';

// Every login reads and writes a few of these rows: prepared once per database handle.
const readQuery = perDb((db) =>
  db.select().from(rateLimits).where(eq(rateLimits.key, sql.placeholder('key'))).prepare(),
);

export function readRateLimit(db: Db, key: string): RateLimitRow | undefined {
  return readQuery(db).get({ key });
}

export function writeRateLimit(db: Db, row: RateLimitRow): void {
  db.insert(rateLimits)
    .values(row)
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: row.count, blockedUntil: row.blockedUntil, resetAt: row.resetAt },
    })
    .run();
}

export function deleteRateLimit(db: Db, key: string): void {
  db.delete(rateLimits).where(eq(rateLimits.key, key)).run();
}

/** Forgets every counter whose time is over; returns how many. */
export function deleteExpiredRateLimits(db: Db, now: number): number {
  return db.delete(rateLimits).where(lte(rateLimits.resetAt, now)).returning({ key: rateLimits.key }).all().length;
}
