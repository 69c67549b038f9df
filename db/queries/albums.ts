import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type AlbumRow, albums } from '../schema/index.ts';
import { perDb } from './prepared.ts';

const live = isNull(albums.deletedAt);

const liveAlbumsQuery = perDb((db) =>
  db
    .select()
    .from(albums)
    .where(live)
    .orderBy(sql`${albums.name} COLLATE NOCASE`, asc(albums.id))
    .prepare(),
);

const byIdQuery = perDb((db) =>
  db
    .select()
    .from(albums)
    .where(eq(albums.id, sql.placeholder('id')))
    .prepare(),
);

/** Albums not in the trash, by name case-insensitively. */
export function listLiveAlbums(db: Db): AlbumRow[] {
  return liveAlbumsQuery(db).all();
}

/** One album whatever its state (callers decide what is visible). */
export function findAlbumById(db: Db, id: number): AlbumRow | undefined {
  return byIdQuery(db).get({ id });
}

/** A live album with this name, compared case-insensitively, other than `exceptId`. */
export function findLiveAlbumByName(db: Db, name: string, exceptId = 0): AlbumRow | undefined {
  return db
    .select()
    .from(albums)
    .where(and(live, sql`${albums.name} = ${name} COLLATE NOCASE`, ne(albums.id, exceptId)))
    .get();
}

export function insertAlbumRow(db: Db, values: { name: string; shareId: string; userId: number | null }): AlbumRow {
  return db.insert(albums).values(values).returning().get();
}

export function updateAlbum(db: Db, id: number, changes: Partial<Pick<AlbumRow, 'name' | 'deletedAt'>>, now: Date): void {
  db.update(albums)
    .set({ ...changes, updatedAt: now })
    .where(eq(albums.id, id))
    .run();
}

export function deleteAlbum(db: Db, id: number): AlbumRow | undefined {
  return db.delete(albums).where(eq(albums.id, id)).returning().get();
}

/** Trashed albums, most recently deleted first. */
export function listTrashedAlbums(db: Db): AlbumRow[] {
  return db
    .select()
    .from(albums)
    .where(isNotNull(albums.deletedAt))
    .orderBy(sql`${albums.deletedAt} DESC`, asc(albums.id))
    .all();
}
