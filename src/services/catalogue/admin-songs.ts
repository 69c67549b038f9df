import type { Db } from '../../../db/client.ts';
import { countLiveSongs, listAdminSongIds, listLiveSongValuesByIds } from '../../../db/queries/admin-songs.ts';
import { inReadSnapshot } from '../../../db/queries/songs.ts';
import type { AdminSongSort } from '../../shared/enums.ts';
import type { AdminSongIdsDto, AdminSongIdsQuery } from '../../shared/schemas/song.ts';
import type { SongDto } from '../../shared/types.ts';
import { songDtoFromValues } from './dto.ts';

/**
 * GET /api/songs/all/ids: Manage Songs' order as ids only (about 7 bytes a song), so the screen
 * knows its length, selects all and numbers bulk chunks without the songs themselves.
 */
export function adminSongIds(db: Db, query: AdminSongIdsQuery): AdminSongIdsDto {
  const album = query.album === undefined || query.album === 'all' ? 'all' : query.album === 'none' ? 'none' : Number(query.album);
  const sort: AdminSongSort = query.sort ?? 'recent';
  return inReadSnapshot(db, () => ({ ids: listAdminSongIds(db, album, sort), total: countLiveSongs(db) }));
}

/** GET /api/songs/all/rows: the rows Manage Songs shows, by id, in the order asked (trashed ones left out). */
export function adminSongRows(db: Db, ids: string): SongDto[] {
  return listLiveSongValuesByIds(db, ids.split(',').map(Number)).map(songDtoFromValues);
}
