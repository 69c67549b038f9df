import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type UserRow, albums, sessions, tempShares, users } from '../schema/index.ts';

/** A user with how many (live or trashed) playlists would go with them. */
export interface UserWithCounts extends UserRow {
  playlistCount: number;
}

// Spelled out: inside a one-table select drizzle leaves `id` unqualified, which the subquery would read as its own.
const playlistCount = sql<number>`(select count(*) from "playlists" where "playlists"."user_id" = "users"."id")`;

/** Everyone, by name ignoring case, with their playlist counts (Settings' family accounts). */
export function listUsersWithCounts(db: Db): UserWithCounts[] {
  return db
    .select({ user: users, playlistCount })
    .from(users)
    .orderBy(asc(sql`${users.username} COLLATE NOCASE`), asc(users.id))
    .all()
    .map((row) => ({ ...row.user, playlistCount: row.playlistCount }));
}

export function findUserWithCounts(db: Db, id: number): UserWithCounts | undefined {
  const row = db.select({ user: users, playlistCount }).from(users).where(eq(users.id, id)).get();
  return row ? { ...row.user, playlistCount: row.playlistCount } : undefined;
}

/** Admins other than `id`: the last-admin rule asks whether any would remain. */
export function countOtherAdmins(db: Db, id: number): number {
  return db.select({ n: sql<number>`count(*)` }).from(users).where(and(eq(users.isAdmin, true), ne(users.id, id))).get()?.n ?? 0;
}

/** A member's restrictions (db/queries/visibility.ts reads them on every request). */
export function setRestrictions(db: Db, id: number, restrictClean: boolean, restrictAlbumIds: number[] | null): void {
  db.update(users).set({ restrictClean, restrictAlbumIds, updatedAt: new Date() }).where(eq(users.id, id)).run();
}

/** Which of `ids` name an album that exists (live or in the trash). */
export function findExistingAlbumIds(db: Db, ids: number[]): number[] {
  if (ids.length === 0) return [];
  return db.select({ id: albums.id }).from(albums).where(inArray(albums.id, ids)).all().map((row) => row.id);
}

export function setAdmin(db: Db, id: number, isAdmin: boolean): void {
  db.update(users).set({ isAdmin, updatedAt: new Date() }).where(eq(users.id, id)).run();
}

export function setPasswordHash(db: Db, id: number, passwordHash: string): void {
  db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id)).run();
}

/** Signs the user out everywhere but `keepSessionId` (the session that changed the password). */
export function deleteSessionsExcept(db: Db, userId: number, keepSessionId: string | null): void {
  const mine = eq(sessions.userId, userId);
  db.delete(sessions).where(keepSessionId ? and(mine, ne(sessions.id, keepSessionId)) : mine).run();
}

/**
 * The user and what is theirs alone: sessions and playlists go by foreign-key cascade, their
 * temporary shares here (set null would turn them into guests' shares, counted against the
 * guests' quota). Songs and albums they uploaded stay in the catalogue. Their files go at the
 * next media clean-up once nothing references them.
 */
export function deleteUserAndShares(db: Db, id: number): void {
  db.delete(tempShares).where(eq(tempShares.userId, id)).run();
  db.delete(users).where(eq(users.id, id)).run();
}
