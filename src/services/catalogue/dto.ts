import type { SongValues } from '../../../db/queries/songs.ts';
import type { AlbumRow, PlaylistRow, SongRow, TempShareRow } from '../../../db/schema/index.ts';
import { songAudioUrl, tempShareAudioUrl } from '../../../media/paths.ts';
import type { AlbumDto, PlaylistDto, SongDto, TempShareDto } from '../../shared/types.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Explicit mappers: file paths, hashes and other internal columns never reach a client.
 * `albumName` is the live album's (queries join only live albums): without it the song points
 * at no album, so a trashed album's id is not offered as if it were live.
 */
export function toSongDto(row: SongRow, albumName: string | null = null): SongDto {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    tags: row.tags,
    albumId: albumName === null ? null : row.albumId,
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

const isoMs = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
// Nearly every song has no tags: skip JSON.parse for the common case (50,000 calls a list).
const parseTags = (json: string): string[] => (json === '[]' ? [] : (JSON.parse(json) as string[]));

/** toSongDto for a raw row of the big lists (db/queries/songs.ts SongValues): the same shape. */
export function songDtoFromValues(v: SongValues): SongDto {
  return {
    id: v[0],
    title: v[1],
    artist: v[2],
    tags: parseTags(v[3]),
    albumId: v[4],
    albumName: v[5],
    albumOrder: v[6],
    artworkUrl: v[7],
    audioUrl: songAudioUrl({ shareId: v[14], audioHash: v[8], audioFormat: v[9] }),
    duration: v[10],
    fileSize: v[11],
    status: v[12],
    userId: v[13],
    shareId: v[14],
    createdAt: new Date(v[15]).toISOString(),
    deletedAt: isoMs(v[16]),
    originalFilename: v[17],
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
