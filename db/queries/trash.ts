import { and, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type AlbumRow, type SongRow, albums, playlists, songs } from '../schema/index.ts';

/** Deletes songs trashed before `cutoff` and returns them (their media may now be orphaned). */
export function deleteSongsTrashedBefore(db: Db, cutoff: Date): SongRow[] {
  return db
    .delete(songs)
    .where(and(isNotNull(songs.deletedAt), lt(songs.deletedAt, cutoff)))
    .returning()
    .all();
}

/** Deletes albums trashed before `cutoff`; their songs' albumId becomes null (FK SET NULL). */
export function deleteAlbumsTrashedBefore(db: Db, cutoff: Date): AlbumRow[] {
  return db
    .delete(albums)
    .where(and(isNotNull(albums.deletedAt), lt(albums.deletedAt, cutoff)))
    .returning()
    .all();
}

/** Deletes playlists trashed before `cutoff` (entries cascade); returns how many. */
export function deletePlaylistsTrashedBefore(db: Db, cutoff: Date): number {
  return db
    .delete(playlists)
    .where(and(isNotNull(playlists.deletedAt), lt(playlists.deletedAt, cutoff)))
    .returning({ id: playlists.id })
    .all().length;
}
