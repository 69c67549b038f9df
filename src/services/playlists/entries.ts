import type { Db } from '../../../db/client.ts';
import { appendEntry, listEntrySongIds, listPlaylistSongs, removeEntry, setEntryOrder } from '../../../db/queries/playlists.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { SongDto } from '../../shared/types.ts';
import { requireVisibleSongFor, songDtos } from '../catalogue/songs.ts';
import { type Actor, requireEditablePlaylist } from './playlists.ts';

/** Adds a published, live song at the end; 409 when it is already there. Returns the songs. */
export function addSongToPlaylist(db: Db, playlistId: number, songId: number, actor: Actor): SongDto[] {
  return db.transaction(
    () => {
      requireEditablePlaylist(db, playlistId, actor);
      // Everyone, admins included, may only add what the family can hear.
      requireVisibleSongFor(db, songId, actor);
      if (listEntrySongIds(db, playlistId).includes(songId)) {
        throw new ConflictError('This song is already in the playlist');
      }
      appendEntry(db, playlistId, songId);
      return songDtos(listPlaylistSongs(db, playlistId, actor));
    },
    { behavior: 'immediate' },
  );
}

export function removeSongFromPlaylist(db: Db, playlistId: number, songId: number, actor: Actor): void {
  db.transaction(
    () => {
      requireEditablePlaylist(db, playlistId, actor);
      if (!removeEntry(db, playlistId, songId)) throw new NotFoundError('That song is not in this playlist');
    },
    { behavior: 'immediate' },
  );
}

/**
 * New order of the songs a viewer sees: `songIds` must list each visible song exactly once.
 * Hidden entries (unpublished or trashed songs) keep their relative order after them.
 */
export function reorderPlaylist(db: Db, playlistId: number, songIds: number[], actor: Actor): SongDto[] {
  return db.transaction(
    () => {
      requireEditablePlaylist(db, playlistId, actor);
      const visible = listPlaylistSongs(db, playlistId, actor).map((row) => row.song.id);
      const given = new Set(songIds);
      if (given.size !== songIds.length || given.size !== visible.length || !visible.every((id) => given.has(id))) {
        throw new BadRequestError('songIds must list every song of the playlist exactly once');
      }
      const hidden = listEntrySongIds(db, playlistId).filter((id) => !given.has(id));
      setEntryOrder(db, playlistId, [...songIds, ...hidden]);
      return songDtos(listPlaylistSongs(db, playlistId, actor));
    },
    { behavior: 'immediate' },
  );
}
