import type { Db } from '../../../db/client.ts';
import {
  type PlaylistWithArtwork,
  findPlaylistById,
  insertPlaylistRow,
  listPlaylistIdsOfUserWithSong,
  listPlaylistSongs,
  listPlaylistsOfUser,
  updatePlaylist,
} from '../../../db/queries/playlists.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import { randomId } from '../../shared/ids.ts';
import type { PlaylistDto, SongDto } from '../../shared/types.ts';
import { toPlaylistDto } from '../catalogue/dto.ts';
import { requireName } from '../catalogue/rules.ts';
import { songDtos } from '../catalogue/songs.ts';
import { type Viewer, isRestricted } from '../../../db/queries/visibility.ts';
import { findVisibleSongById } from '../../../db/queries/songs.ts';

export const PLAYLIST_NOT_FOUND = 'Playlist not found';
export type Actor = Pick<UserRow, 'id' | 'isAdmin' | 'restrictClean' | 'restrictAlbumIds'>;

const dto = ({ playlist, firstArtworkUrl }: PlaylistWithArtwork) => toPlaylistDto(playlist, firstArtworkUrl);

/** GET /api/playlists: your own, not trashed. */
export function listMyPlaylists(db: Db, user: Actor, viewer: Viewer = user): PlaylistDto[] {
  return listPlaylistsOfUser(db, user.id, viewer).map(dto);
}

/** GET /api/playlists/containing/:songId: which of your playlists already hold the song. */
export function listMyPlaylistIdsWithSong(db: Db, user: Actor, songId: number): { playlistIds: number[] } {
  // A song hidden from a restricted member is in none of their playlists, as far as they can tell.
  if (isRestricted(user) && !findVisibleSongById(db, songId, user)) return { playlistIds: [] };
  return { playlistIds: listPlaylistIdsOfUserWithSong(db, user.id, songId) };
}

/** Any signed-in family member may open a playlist by link (docs/architecture.md). */
export function requireLivePlaylist(db: Db, id: number, viewer: Viewer): PlaylistWithArtwork {
  const found = findPlaylistById(db, id, viewer);
  if (!found || found.playlist.deletedAt) throw new NotFoundError(PLAYLIST_NOT_FOUND);
  return found;
}

/** Only the owner or an admin may change a playlist. */
export function requireEditablePlaylist(db: Db, id: number, actor: Actor): PlaylistWithArtwork {
  const found = requireLivePlaylist(db, id, actor);
  if (found.playlist.userId !== actor.id && !actor.isAdmin) {
    throw new ForbiddenError('Only the person who made this playlist (or an admin) can change it');
  }
  return found;
}

export function getPlaylist(db: Db, id: number, viewer: Viewer): PlaylistDto {
  return dto(requireLivePlaylist(db, id, viewer));
}

/** A playlist's songs as the viewer may see them: a shared one shows a restricted member only what they may hear. */
export function getPlaylistSongs(db: Db, id: number, viewer: Viewer): SongDto[] {
  return songDtos(listPlaylistSongs(db, requireLivePlaylist(db, id, viewer).playlist.id, viewer));
}

export function createPlaylist(db: Db, user: Actor, rawName: string): PlaylistDto {
  const name = requireName(rawName, 'Playlist name');
  return toPlaylistDto(insertPlaylistRow(db, { name, shareId: randomId(), userId: user.id }));
}

export function renamePlaylist(db: Db, id: number, actor: Actor, rawName: string, now: Date): PlaylistDto {
  const name = requireName(rawName, 'Playlist name');
  requireEditablePlaylist(db, id, actor);
  updatePlaylist(db, id, { name }, now);
  return getPlaylist(db, id, actor);
}

/** To the trash; purged with songs and albums after the retention period. */
export function trashPlaylist(db: Db, id: number, actor: Actor, now: Date): void {
  requireEditablePlaylist(db, id, actor);
  updatePlaylist(db, id, { deletedAt: now }, now);
}
