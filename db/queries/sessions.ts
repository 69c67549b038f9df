import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type SessionRow, type UserRow, sessions, users } from '../schema/index.ts';
import { perDb } from './prepared.ts';

export function insertSession(db: Db, values: { id: string; userId: number; expiresAt: Date }): SessionRow {
  return db.insert(sessions).values(values).returning().get();
}

/** The live session with its user, or undefined when missing or expired. */
export function findLiveSession(
  db: Db,
  id: string,
  now: Date,
): { session: SessionRow; user: UserRow } | undefined {
  return liveSessionQuery(db).get({ id, now: now.getTime() });
}

// Runs on every signed-in request: prepared once per database handle.
const liveSessionQuery = perDb((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare(),
);

export function extendSession(db: Db, id: string, expiresAt: Date): void {
  db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id)).run();
}

export function deleteSession(db: Db, id: string): void {
  db.delete(sessions).where(eq(sessions.id, id)).run();
}

export function deleteExpiredSessions(db: Db, now: Date): number {
  return db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id }).all().length;
}
