import type { Db } from '../../../db/client.ts';
import { deleteAlbum, findAlbumById, listTrashedAlbums, updateAlbum } from '../../../db/queries/albums.ts';
import { deleteSong, findSongById, listTrashedSongs, restoreSong } from '../../../db/queries/songs.ts';
import {
  deleteAlbumsTrashedBefore,
  deletePlaylistsTrashedBefore,
  deleteSongsTrashedBefore,
} from '../../../db/queries/trash.ts';
import type { AlbumRow, SongRow } from '../../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
// The retention rule is shared with the browser; the purge keeps to it too.
import { DAY_MS, RETENTION_DAYS, daysRemaining } from '../../shared/retention.ts';
import type { AlbumDto, DeletedAlbumDto, DeletedSongDto, SongDto } from '../../shared/types.ts';
import { ALBUM_NOT_FOUND, assertAlbumNameFree } from '../catalogue/albums.ts';
import { toAlbumDto, toSongDto } from '../catalogue/dto.ts';
import { SONG_NOT_FOUND } from '../catalogue/songs.ts';

export function listDeletedSongs(db: Db, now: number): DeletedSongDto[] {
  return listTrashedSongs(db).map(({ song, albumName }) => ({
    ...toSongDto(song, albumName),
    daysRemaining: daysRemaining(song.deletedAt!, now),
  }));
}

export function listDeletedAlbums(db: Db, now: number): DeletedAlbumDto[] {
  return listTrashedAlbums(db).map((album) => ({ ...toAlbumDto(album), daysRemaining: daysRemaining(album.deletedAt!, now) }));
}

function requireTrashedSong(db: Db, id: number): SongRow {
  const row = findSongById(db, id)?.song;
  if (!row) throw new NotFoundError(SONG_NOT_FOUND);
  if (!row.deletedAt) throw new ConflictError('This song is not in Deleted');
  return row;
}

function requireTrashedAlbum(db: Db, id: number): AlbumRow {
  const album = findAlbumById(db, id);
  if (!album) throw new NotFoundError(ALBUM_NOT_FOUND);
  if (!album.deletedAt) throw new ConflictError('This album is not in Deleted');
  return album;
}

export function restoreDeletedSong(db: Db, id: number, now: Date): SongDto {
  requireTrashedSong(db, id);
  restoreSong(db, id, now);
  const row = findSongById(db, id)!;
  return toSongDto(row.song, row.albumName);
}

/** 409 when a live album took the name meanwhile: two albums must not share one. */
export function restoreDeletedAlbum(db: Db, id: number, now: Date): AlbumDto {
  return db.transaction(
    () => {
      const album = requireTrashedAlbum(db, id);
      assertAlbumNameFree(db, album.name, id);
      updateAlbum(db, id, { deletedAt: null }, now);
      return toAlbumDto(findAlbumById(db, id)!);
    },
    { behavior: 'immediate' },
  );
}

/** Irreversible; only for what is already in Deleted. Returns the row for media clean-up. */
export function deleteSongForever(db: Db, id: number): SongRow {
  requireTrashedSong(db, id);
  return deleteSong(db, id)!;
}

export function deleteAlbumForever(db: Db, id: number): AlbumRow {
  requireTrashedAlbum(db, id);
  return deleteAlbum(db, id)!;
}

export interface PurgeResult {
  songs: SongRow[];
  albums: AlbumRow[];
  playlists: number;
}

/**
 * Permanently removes songs, albums and playlists trashed more than 7 days before `now`, in
 * one transaction. Database rows only: the caller removes media files nothing references.
 */
export function purgeTrash(db: Db, now: number): PurgeResult {
  const cutoff = new Date(now - RETENTION_DAYS * DAY_MS);
  return db.transaction(
    () => {
      const albums = deleteAlbumsTrashedBefore(db, cutoff);
      const songs = deleteSongsTrashedBefore(db, cutoff);
      const playlists = deletePlaylistsTrashedBefore(db, cutoff);
      return { songs, albums, playlists };
    },
    { behavior: 'immediate' },
  );
}
