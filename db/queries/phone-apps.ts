import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type AppShareKind, type AppShareRow, type BookmarkRow, type PlayQueueRow, type RadioStationRow, type StarKind, appShares, bookmarks, playQueues, radioStations, ratings } from '../schema/index.ts';

// What the phone apps keep per user (db/schema/phone-apps.ts). Drizzle: these run on an app's
// explicit action, not on every listing (the user's ratings are read once per call).

/** Sets a 1–5 rating; 0 removes it. */
export function setRating(db: Db, userId: number, kind: StarKind, itemId: string, rating: number, at: Date): void {
  const key = and(eq(ratings.userId, userId), eq(ratings.kind, kind), eq(ratings.itemId, itemId));
  if (rating === 0) {
    db.delete(ratings).where(key).run();
    return;
  }
  db.insert(ratings)
    .values({ userId, kind, itemId, rating, updatedAt: at })
    .onConflictDoUpdate({ target: [ratings.userId, ratings.kind, ratings.itemId], set: { rating, updatedAt: at } })
    .run();
}

export function listRatings(db: Db, userId: number): { kind: StarKind; itemId: string; rating: number }[] {
  return db.select({ kind: ratings.kind, itemId: ratings.itemId, rating: ratings.rating }).from(ratings).where(eq(ratings.userId, userId)).all();
}

/** The user's rated albums' item ids, best first (then most lately rated). */
export function listRatedAlbumItemIds(db: Db, userId: number): string[] {
  return db
    .select({ itemId: ratings.itemId })
    .from(ratings)
    .where(and(eq(ratings.userId, userId), eq(ratings.kind, 'album')))
    .orderBy(desc(ratings.rating), desc(ratings.updatedAt))
    .all()
    .map((row) => row.itemId);
}

export function findPlayQueue(db: Db, userId: number): PlayQueueRow | undefined {
  return db.select().from(playQueues).where(eq(playQueues.userId, userId)).get();
}

export function savePlayQueue(db: Db, queue: PlayQueueRow): void {
  const { userId: _userId, ...rest } = queue;
  db.insert(playQueues).values(queue).onConflictDoUpdate({ target: playQueues.userId, set: rest }).run();
}

export function clearPlayQueue(db: Db, userId: number): void {
  db.delete(playQueues).where(eq(playQueues.userId, userId)).run();
}

export function listBookmarks(db: Db, userId: number): BookmarkRow[] {
  return db.select().from(bookmarks).where(eq(bookmarks.userId, userId)).orderBy(desc(bookmarks.updatedAt)).all();
}

export function saveBookmark(db: Db, userId: number, songId: number, positionMs: number, comment: string | null, at: Date): void {
  db.insert(bookmarks)
    .values({ userId, songId, positionMs, comment, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: [bookmarks.userId, bookmarks.songId], set: { positionMs, comment, updatedAt: at } })
    .run();
}

/** Moves a bookmark's position, keeping an app's comment. */
export function saveBookmarkPosition(db: Db, userId: number, songId: number, positionMs: number, at: Date): void {
  db.insert(bookmarks)
    .values({ userId, songId, positionMs, comment: null, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: [bookmarks.userId, bookmarks.songId], set: { positionMs, updatedAt: at } })
    .run();
}

export function deleteBookmark(db: Db, userId: number, songId: number): void {
  db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.songId, songId))).run();
}

export function insertAppShare(db: Db, share: { userId: number; kind: AppShareKind; itemId: number; description: string | null; expiresAt: Date | null }): AppShareRow {
  return db.insert(appShares).values(share).returning().get();
}

export function listAppShares(db: Db, userId: number): AppShareRow[] {
  return db.select().from(appShares).where(eq(appShares.userId, userId)).orderBy(asc(appShares.id)).all();
}

export function findAppShare(db: Db, id: number): AppShareRow | undefined {
  return db.select().from(appShares).where(eq(appShares.id, id)).get();
}

export function updateAppShare(db: Db, id: number, changes: { description?: string | null; expiresAt?: Date | null }): void {
  // An update that names nothing to change is a no-op (drizzle cannot build an empty SET).
  if (Object.values(changes).every((value) => value === undefined)) return;
  db.update(appShares).set(changes).where(eq(appShares.id, id)).run();
}

export function deleteAppShare(db: Db, id: number): void {
  db.delete(appShares).where(eq(appShares.id, id)).run();
}

export function listRadioStations(db: Db): RadioStationRow[] {
  return db.select().from(radioStations).orderBy(asc(radioStations.name), asc(radioStations.id)).all();
}

export function findRadioStation(db: Db, id: number): RadioStationRow | undefined {
  return db.select().from(radioStations).where(eq(radioStations.id, id)).get();
}

export function insertRadioStation(db: Db, station: { name: string; streamUrl: string; homepageUrl: string | null }): RadioStationRow {
  return db.insert(radioStations).values(station).returning().get();
}

export function updateRadioStation(db: Db, id: number, station: { name: string; streamUrl: string; homepageUrl: string | null }): void {
  db.update(radioStations).set(station).where(eq(radioStations.id, id)).run();
}

export function deleteRadioStation(db: Db, id: number): void {
  db.delete(radioStations).where(eq(radioStations.id, id)).run();
}
