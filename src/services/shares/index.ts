import type { Db } from '../../../db/client.ts';
import {
  findLiveAlbumByShareId,
  findLivePlaylistByShareId,
  findLiveSongByShareId,
  listLiveAlbumSongs,
  listLivePlaylistSongs,
} from '../../../db/queries/shares.ts';
import { findLiveTempShare } from '../../../db/queries/temp-shares.ts';
import type { AlbumShareDto, PlaylistShareDto, SongDto, TempShareDto } from '../../shared/types.ts';
import { toAlbumDto, toPlaylistDto, toSongDto, toTempShareDto } from '../catalogue/dto.ts';

/**
 * Public share lookups, called by the JSON routes and directly by the share pages' server
 * components. Only published, non-trashed items; null means "404 alike" for every reason.
 */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{10,64}$/;

const validId = (shareId: string) => SHARE_ID_PATTERN.test(shareId);

export function findSongShare(db: Db, shareId: string): SongDto | null {
  if (!validId(shareId)) return null;
  const found = findLiveSongByShareId(db, shareId);
  return found ? toSongDto(found.song, found.albumName) : null;
}

export function findAlbumShare(db: Db, shareId: string): AlbumShareDto | null {
  if (!validId(shareId)) return null;
  const album = findLiveAlbumByShareId(db, shareId);
  if (!album) return null;
  const songs = listLiveAlbumSongs(db, album.id).map((song) => toSongDto(song, album.name));
  return { album: toAlbumDto(album), songs };
}

export function findPlaylistShare(db: Db, shareId: string): PlaylistShareDto | null {
  if (!validId(shareId)) return null;
  const playlist = findLivePlaylistByShareId(db, shareId);
  if (!playlist) return null;
  const songs = listLivePlaylistSongs(db, playlist.id).map(({ song, albumName }) => toSongDto(song, albumName));
  const fallbackArtwork = songs.find((song) => song.artworkUrl)?.artworkUrl ?? null;
  return { playlist: toPlaylistDto(playlist, fallbackArtwork), songs };
}

export function findTempShare(db: Db, shareId: string, now: number): TempShareDto | null {
  if (!validId(shareId)) return null;
  const share = findLiveTempShare(db, shareId, new Date(now));
  return share ? toTempShareDto(share) : null;
}
