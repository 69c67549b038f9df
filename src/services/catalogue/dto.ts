import { SONG_VALUE_AT, type SongValues, songValuesOf } from '../../../db/queries/song-values.ts';
import type { AlbumRow, PlaylistRow, SongRow, TempShareRow } from '../../../db/schema/index.ts';
import { songAudioUrl, tempShareAudioUrl } from '../../../media/paths.ts';
import type { AlbumDto, PlaylistDto, SongDto, TempShareDto } from '../../shared/types.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const isoMs = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
// Nearly every song has no tags (or genres): skip JSON.parse for the common case (50,000 calls a list).
const parseTags = (json: string): string[] => (json === '[]' ? [] : (JSON.parse(json) as string[]));
const at = SONG_VALUE_AT;

/**
 * The one song mapper, from the fast path's raw values (db/queries/song-values.ts); drizzle rows
 * come through toSongDto. Explicit: file paths, hashes and other internal columns never reach a
 * client. `albumName` is the live album's: without it the song points at no album, so a trashed
 * album's id is not offered as if it were live.
 */
export function songDtoFromValues(v: SongValues): SongDto {
  return {
    id: v[at.id],
    title: v[at.title],
    artist: v[at.artist],
    tags: parseTags(v[at.tags]),
    albumId: v[at.albumId],
    albumName: v[at.albumName],
    albumOrder: v[at.albumOrder],
    artworkUrl: v[at.artworkUrl],
    audioUrl: songAudioUrl({ shareId: v[at.shareId], audioHash: v[at.audioHash], audioFormat: v[at.audioFormat] }),
    duration: v[at.duration],
    fileSize: v[at.fileSize],
    status: v[at.status],
    userId: v[at.userId],
    shareId: v[at.shareId],
    createdAt: new Date(v[at.createdAt]).toISOString(),
    deletedAt: isoMs(v[at.deletedAt]),
    originalFilename: v[at.originalFilename],
    // bun:sqlite answers the boolean column as 0 or 1.
    hasLyrics: Boolean(v[at.hasLyrics]),
    explicit: Boolean(v[at.explicit]),
    trackGain: v[at.trackGain],
    albumGain: v[at.albumGain] ?? v[at.trackGain],
    trackPeak: v[at.trackPeak],
    albumPeak: v[at.albumPeak] ?? v[at.trackPeak],
    genres: parseTags(v[at.genres]),
    year: v[at.year],
    discNumber: v[at.discNumber],
    trackNumber: v[at.trackNumber],
    encoderTrim: trimOf(v[at.encoderDelay], v[at.encoderPadding], v[at.sampleRate]),
  };
}

const trimOf = (delay: number | null, padding: number | null, sampleRate: number | null): SongDto['encoderTrim'] =>
  delay === null || padding === null || !sampleRate ? null : { delay, padding, sampleRate };

/** A drizzle song row (with its live album's name, if any) through the same mapper. */
export function toSongDto(row: SongRow, albumName: string | null = null): SongDto {
  return songDtoFromValues(songValuesOf(row, albumName));
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
