import type { AlbumRow, PlaylistRow, SongRow, TempShareRow } from '../../../db/schema/index.ts';
import { songAudioUrl, tempShareAudioUrl } from '../../../media/paths.ts';
import type { AlbumDto, PlaylistDto, SongDto, TempShareDto } from '../../shared/types.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Explicit mappers: file paths, hashes and other internal columns never reach a client. */
export function toSongDto(row: SongRow, albumName: string | null = null): SongDto {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    tags: row.tags,
    albumId: row.albumId,
    albumName,
    albumOrder: row.albumOrder,
    artworkUrl: row.artworkUrl,
    audioUrl: songAudioUrl(row),
    duration: row.duration,
    fileSize: row.fileSize,
    status: row.status,
    userId: row.userId,
    shareId: row.shareId,
    createdAt: row.createdAt.toISOString(),
    deletedAt: iso(row.deletedAt),
    originalFilename: row.originalFilename,
  };
}

export function toAlbumDto(row: AlbumRow): AlbumDto {
  return {
    id: row.id,
    name: row.name,
    artworkUrl: row.artworkUrl,
    shareId: row.shareId,
    createdAt: row.createdAt.toISOString(),
    deletedAt: iso(row.deletedAt),
  };
}

/** `artworkUrl` falls back to the first song's artwork; the caller supplies that fallback. */
export function toPlaylistDto(row: PlaylistRow, fallbackArtworkUrl: string | null = null): PlaylistDto {
  return {
    id: row.id,
    name: row.name,
    artworkUrl: row.artworkUrl ?? fallbackArtworkUrl,
    shareId: row.shareId,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toTempShareDto(row: TempShareRow): TempShareDto {
  return {
    id: row.id,
    title: row.title,
    sharedBy: row.sharedBy,
    audioUrl: tempShareAudioUrl(row),
    shareId: row.shareId,
    duration: row.duration,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
  };
}
