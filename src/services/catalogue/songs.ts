import type { Db } from '../../../db/client.ts';
import {
  type SongWithAlbum,
  findSongById,
  findVisibleSongById,
  listAlbumSongs,
} from '../../../db/queries/songs.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { SongDto } from '../../shared/types.ts';
import { toSongDto } from './dto.ts';
import type { Viewer } from '../../../db/queries/visibility.ts';

export const SONG_NOT_FOUND = 'Song not found';

export const songDtos = (rows: SongWithAlbum[]): SongDto[] => rows.map((row) => toSongDto(row.song, row.albumName));

export function listSongsOfAlbum(db: Db, albumId: number, viewer: Viewer): SongDto[] {
  return songDtos(listAlbumSongs(db, albumId, viewer));
}

/** A song the viewer may see (published, live, within their restrictions), or 404. */
export function requireVisibleSongFor(db: Db, id: number, viewer: Viewer): SongWithAlbum {
  const row = findVisibleSongById(db, id, viewer);
  if (!row) throw new NotFoundError(SONG_NOT_FOUND);
  return row;
}

/** A song that is not in the trash; for non-admins it must also be published. */
export function requireLiveSong(db: Db, id: number, viewer?: Pick<UserRow, 'isAdmin'>): SongWithAlbum {
  const row = findSongById(db, id);
  if (!row || row.song.deletedAt) throw new NotFoundError(SONG_NOT_FOUND);
  if (viewer && !viewer.isAdmin && row.song.status !== 'published') throw new NotFoundError(SONG_NOT_FOUND);
  return row;
}
