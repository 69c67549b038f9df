import type { Db } from '../../../db/client.ts';
import {
  type SongWithAlbum,
  findSongById,
  listAlbumSongs,
  listLiveSongValues,
  listPublishedSongValues,
} from '../../../db/queries/songs.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { SongDto } from '../../shared/types.ts';
import { songDtoFromValues, toSongDto } from './dto.ts';

export const SONG_NOT_FOUND = 'Song not found';

export const songDtos = (rows: SongWithAlbum[]): SongDto[] => rows.map((row) => toSongDto(row.song, row.albumName));

/** GET /api/songs: what every family member sees. */
export function listLibrary(db: Db): SongDto[] {
  return listPublishedSongValues(db).map(songDtoFromValues);
}

/** GET /api/songs/all: the admin's view of everything not in the trash. */
export function listAllSongs(db: Db): SongDto[] {
  return listLiveSongValues(db).map(songDtoFromValues);
}

export function listSongsOfAlbum(db: Db, albumId: number): SongDto[] {
  return songDtos(listAlbumSongs(db, albumId));
}

/** A song that is not in the trash; for non-admins it must also be published. */
export function requireLiveSong(db: Db, id: number, viewer?: Pick<UserRow, 'isAdmin'>): SongWithAlbum {
  const row = findSongById(db, id);
  if (!row || row.song.deletedAt) throw new NotFoundError(SONG_NOT_FOUND);
  if (viewer && !viewer.isAdmin && row.song.status !== 'published') throw new NotFoundError(SONG_NOT_FOUND);
  return row;
}
