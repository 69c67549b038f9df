import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { albumColumns, hasPublishedSong } from './albums.ts';
import { type AlbumRow, type PlaylistRow, type SongRow, albums, playlistEntries, playlists, songs } from '../schema/index.ts';

/** A published, non-trashed song: the only kind a public share or a guest may reach. */
const liveSong = and(eq(songs.status, 'published'), isNull(songs.deletedAt));

export interface SongWithAlbum {
  song: SongRow;
  albumName: string | null;
}

/** Album name only when the album itself is live, so a trashed album's name never leaks. */
const albumNameColumn = sql<string | null>`case when ${albums.deletedAt} is null then ${albums.name} end`;

export function findLiveSongByShareId(db: Db, shareId: string): SongWithAlbum | null {
  const row = db
    .select({ song: songs, albumName: albumNameColumn })
    .from(songs)
    .leftJoin(albums, eq(albums.id, songs.albumId))
    .where(and(eq(songs.shareId, shareId), liveSong))
    .get();
  return row ?? null;
}

/** A live album that holds a published, live song: an album of pending uploads is not shared. */
export function findLiveAlbumByShareId(db: Db, shareId: string): AlbumRow | null {
  return db
    .select(albumColumns)
    .from(albums)
    .where(and(eq(albums.shareId, shareId), isNull(albums.deletedAt), hasPublishedSong))
    .get() ?? null;
}

/** Album order first (untracked songs last), then title case-insensitively. */
export function listLiveAlbumSongs(db: Db, albumId: number): SongRow[] {
  return db
    .select()
    .from(songs)
    .where(and(eq(songs.albumId, albumId), liveSong))
    .orderBy(sql`${songs.albumOrder} is null`, asc(songs.albumOrder), sql`${songs.title} collate nocase`, asc(songs.id))
    .all();
}

export function findLivePlaylistByShareId(db: Db, shareId: string): PlaylistRow | null {
  return db
    .select()
    .from(playlists)
    .where(and(eq(playlists.shareId, shareId), isNull(playlists.deletedAt)))
    .get() ?? null;
}

/** Playlist order; unpublished and trashed songs are skipped. */
export function listLivePlaylistSongs(db: Db, playlistId: number): SongWithAlbum[] {
  return db
    .select({ song: songs, albumName: albumNameColumn })
    .from(playlistEntries)
    .innerJoin(songs, eq(songs.id, playlistEntries.songId))
    .leftJoin(albums, eq(albums.id, songs.albumId))
    .where(and(eq(playlistEntries.playlistId, playlistId), liveSong))
    .orderBy(asc(playlistEntries.position))
    .all();
}
