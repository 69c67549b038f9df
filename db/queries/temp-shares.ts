import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type TempShareRow, tempShares, users } from '../schema/index.ts';

const liveAt = (now: Date) => or(isNull(tempShares.expiresAt), gt(tempShares.expiresAt, now));

/** A temporary share that has not expired at `now`. */
export function findLiveTempShare(db: Db, shareId: string, now: Date): TempShareRow | null {
  return db
    .select()
    .from(tempShares)
    .where(and(eq(tempShares.shareId, shareId), liveAt(now)))
    .get() ?? null;
}

export function insertTempShare(db: Db, values: typeof tempShares.$inferInsert): TempShareRow {
  return db.insert(tempShares).values(values).returning().get();
}

/** Newest first, with the uploader's username (null for guests and removed accounts). */
export function listTempShares(db: Db): (TempShareRow & { uploadedBy: string | null })[] {
  return db
    .select({ share: tempShares, uploadedBy: users.username })
    .from(tempShares)
    .leftJoin(users, eq(users.id, tempShares.userId))
    .orderBy(desc(tempShares.createdAt), desc(tempShares.id))
    .all()
    .map((row) => ({ ...row.share, uploadedBy: row.uploadedBy }));
}

export function deleteTempShare(db: Db, id: number): TempShareRow | null {
  return db.delete(tempShares).where(eq(tempShares.id, id)).returning().get() ?? null;
}

/** Bytes held by guests' live shares: what the anonymous quota counts. */
export function anonymousBytes(db: Db): number {
  return db
    .select({ total: sql<number>`coalesce(sum(${tempShares.fileSize}), 0)` })
    .from(tempShares)
    .where(isNull(tempShares.userId))
    .get()?.total ?? 0;
}

/** Removes every share expired at `now`; returns the removed rows (their files may now be orphans). */
export function deleteExpiredTempShares(db: Db, now: Date): TempShareRow[] {
  return db
    .delete(tempShares)
    .where(and(isNotNull(tempShares.expiresAt), lte(tempShares.expiresAt, now)))
    .returning()
    .all();
}
