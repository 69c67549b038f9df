import type { Db } from '../../../db/client.ts';
import {
  albumHasPublishedSong,
  findAlbumById,
  findLiveAlbumByName,
  insertAlbumRow,
  listLiveAlbums,
  listVisibleAlbums,
  updateAlbum,
} from '../../../db/queries/albums.ts';
import type { AlbumRow, UserRow } from '../../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { randomId } from '../../shared/ids.ts';
import type { AlbumDto } from '../../shared/types.ts';
import { toAlbumDto } from './dto.ts';
import { requireName } from './rules.ts';

export const ALBUM_NOT_FOUND = 'Album not found';

type Viewer = Pick<UserRow, 'isAdmin' | 'restrictClean' | 'restrictAlbumIds'>;

/** Admins see every live album ('No songs in this album yet' is theirs); users only those with a published song. */
export function listAlbums(db: Db, viewer: Viewer): AlbumDto[] {
  return (viewer.isAdmin ? listLiveAlbums(db) : listVisibleAlbums(db, viewer)).map(toAlbumDto);
}

/** An album that is not in the trash, or 404. */
function requireLiveAlbum(db: Db, id: number, viewer?: Viewer): AlbumRow {
  const album = findAlbumById(db, id, viewer);
  if (!album || album.deletedAt) throw new NotFoundError(ALBUM_NOT_FOUND);
  return album;
}

/** requireLiveAlbum as `viewer` may see it: for users it must hold a published song (404 alike). */
export function requireVisibleAlbum(db: Db, id: number, viewer: Viewer): AlbumRow {
  const album = requireLiveAlbum(db, id, viewer);
  if (!viewer.isAdmin && !albumHasPublishedSong(db, id, viewer)) throw new NotFoundError(ALBUM_NOT_FOUND);
  return album;
}

/** 409 when another live album already has this name, ignoring case. */
export function assertAlbumNameFree(db: Db, name: string, exceptId = 0): void {
  if (findLiveAlbumByName(db, name, exceptId)) {
    throw new ConflictError(`An album named "${name}" already exists`);
  }
}

// One connection: queries on `db` inside db.transaction() run in that transaction.
export function createAlbum(db: Db, rawName: string, userId: number): AlbumDto {
  const name = requireName(rawName, 'Album name');
  return db.transaction(
    () => {
      assertAlbumNameFree(db, name);
      return toAlbumDto(insertAlbumRow(db, { name, shareId: randomId(), userId }));
    },
    { behavior: 'immediate' },
  );
}

export function renameAlbum(db: Db, id: number, rawName: string, now: Date): AlbumDto {
  const name = requireName(rawName, 'Album name');
  return db.transaction(
    () => {
      requireLiveAlbum(db, id);
      assertAlbumNameFree(db, name, id);
      updateAlbum(db, id, { name }, now);
      return toAlbumDto(requireLiveAlbum(db, id));
    },
    { behavior: 'immediate' },
  );
}

/** To the trash: the album only; its songs stay and lose the album when it is purged. */
export function trashAlbum(db: Db, id: number, now: Date): void {
  requireLiveAlbum(db, id);
  updateAlbum(db, id, { deletedAt: now }, now);
}
