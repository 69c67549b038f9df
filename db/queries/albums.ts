import { and, asc, eq, getTableColumns, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type AlbumRow, albums, songs } from '../schema/index.ts';
import { perDb } from './prepared.ts';
import { EVERYONE, type Viewer, perViewer, withinRestrictions } from './visibility.ts';

const live = isNull(albums.deletedAt);
const visibleSongOf = (viewer: Viewer) =>
  sql`${songs.albumId} = ${albums.id} AND ${songs.status} = 'published' AND ${songs.deletedAt} IS NULL AND ${withinRestrictions(viewer)}`;

/** Seen by a viewer and share pages only while it holds a song they may see (a pending upload's tags must not leak). */
export const hasVisibleSong = (viewer: Viewer) => sql`EXISTS (SELECT 1 FROM ${songs} WHERE ${visibleSongOf(viewer)})`;
export const hasPublishedSong = hasVisibleSong(EVERYONE);

/**
 * An album's artwork is its earliest published, live song's with artwork (one seek in
 * songs_album_artwork_idx): never a pending upload's, and it follows publishing, unpublishing
 * and trashing. The stored column is no longer written.
 */
export const albumColumnsFor = (viewer: Viewer) => ({
  ...getTableColumns(albums),
  artworkUrl: sql<string | null>`(SELECT ${songs.artworkUrl} FROM ${songs} INDEXED BY songs_album_artwork_idx WHERE ${visibleSongOf(viewer)}
    AND ${songs.artworkUrl} IS NOT NULL ORDER BY ${songs.id} LIMIT 1)`,
});
export const albumColumns = albumColumnsFor(EVERYONE);

const byName = [sql`${albums.name} COLLATE NOCASE`, asc(albums.id)] as const;

const liveAlbumsQuery = perDb((db) => db.select(albumColumns).from(albums).where(live).orderBy(...byName).prepare());

const visibleAlbumsQuery = perViewer((db, viewer) =>
  db
    .select(albumColumnsFor(viewer))
    .from(albums)
    .where(and(live, hasVisibleSong(viewer)))
    .orderBy(...byName)
    .prepare(),
);

const byIdQuery = perViewer((db, viewer) =>
  db
    .select(albumColumnsFor(viewer))
    .from(albums)
    .where(eq(albums.id, sql.placeholder('id')))
    .prepare(),
);

const hasPublishedSongQuery = perViewer((db, viewer) =>
  db
    .select({ id: albums.id })
    .from(albums)
    .where(and(eq(albums.id, sql.placeholder('id')), hasVisibleSong(viewer)))
    .prepare(),
);

/** Albums not in the trash, by name case-insensitively: the admin's list. */
export function listLiveAlbums(db: Db): AlbumRow[] {
  return liveAlbumsQuery(db).all();
}

/** Live albums holding at least one song the viewer may see: what users see. */
export function listVisibleAlbums(db: Db, viewer: Viewer): AlbumRow[] {
  return visibleAlbumsQuery(db, viewer).all();
}

export function albumHasPublishedSong(db: Db, id: number, viewer: Viewer): boolean {
  return hasPublishedSongQuery(db, viewer).get({ id }) !== undefined;
}

/** One album whatever its state (callers decide what is visible); its artwork as the viewer may see it. */
export function findAlbumById(db: Db, id: number, viewer: Viewer = EVERYONE): AlbumRow | undefined {
  return byIdQuery(db, viewer).get({ id });
}

/** A live album with this name, compared case-insensitively, other than `exceptId`. */
export function findLiveAlbumByName(db: Db, name: string, exceptId = 0): AlbumRow | undefined {
  return db
    .select(albumColumns)
    .from(albums)
    .where(and(live, sql`${albums.name} = ${name} COLLATE NOCASE`, ne(albums.id, exceptId)))
    .get();
}

/** A new album has no songs, so no artwork yet. */
export function insertAlbumRow(db: Db, values: { name: string; shareId: string; userId: number | null }): AlbumRow {
  return { ...db.insert(albums).values(values).returning().get(), artworkUrl: null };
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
    .select(albumColumns)
    .from(albums)
    .where(isNotNull(albums.deletedAt))
    .orderBy(sql`${albums.deletedAt} DESC`, asc(albums.id))
    .all();
}
