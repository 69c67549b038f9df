import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../../db/client.ts';
import { findAlbumById } from '../../../db/queries/albums.ts';
import { findStreamableSong } from '../../../db/queries/subsonic.ts';
import { readImageSize, withinPixelBudget } from '../../../media/image-size.ts';
import { findImage } from '../../../media/images.ts';
import type { AudioFormat } from '../../shared/audio-formats.ts';
import { decodePreview } from '../../../media/preview-decoder.ts';
import { type ImageFormat, fileReader } from '../../../media/sniff.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import type { TranscodeFormat } from '../../../media/transcode.ts';
import { HttpError } from '../../errors.ts';
import { type SongLoudness, playbackLevel } from '../../shared/loudness.ts';
import { requireLivePlaylist } from '../playlists/playlists.ts';
import { requireAlbum, requireArtist, requireVisibleSong } from './browse.ts';
import { SUBSONIC_ERROR, SubsonicError, notFound } from './errors.ts';
import type { Library } from './library.ts';
import { type Params, numericId } from './params.ts';
import type { Viewer } from '../../../db/queries/visibility.ts';

/** A visible song's stored audio, for stream and download. */
export interface AudioSource {
  path: string;
  hash: string;
  format: AudioFormat;
  duration: number;
  fileSize: number;
  /** In-place imports live in the family's folder and may change; stored audio never does. */
  immutable: boolean;
  loudness: SongLoudness;
}

export function audioSource(db: Db, viewer: Viewer, storage: MediaStorage, params: Params): AudioSource {
  const id = numericId(params.required('id'), 'mf-', true);
  const song = id === null ? undefined : findStreamableSong(db, id, viewer);
  if (!song) throw notFound('Song');
  return {
    // A client may read a transcode at playing speed: the link outlives twice the song's length.
    path: song.audioPath ?? storage.audio.location(song.audioHash, Math.max(3600, Math.ceil(song.duration * 2) + 600)),
    hash: song.audioHash,
    format: song.audioFormat as AudioFormat,
    duration: song.duration,
    fileSize: song.fileSize,
    immutable: !song.audioPath,
    loudness: { trackGain: song.trackGain, albumGain: song.albumGain, trackPeak: song.trackPeak, albumPeak: song.albumPeak },
  };
}

/** download's file name: the uploaded file's (its last path part), else the title with the format's extension. */
export function downloadName(db: Db, viewer: Viewer, params: Params): string {
  const { song } = requireVisibleSong(db, viewer, params.required('id'));
  const original = song.originalFilename?.split(/[\\/]/).pop()?.trim();
  if (original) return original;
  return `${song.title}.${song.audioFormat}`;
}

/** `gainDb` is set (not 0) when the app asked for a levelled transcode and the song has a gain. */
export type Delivery = { kind: 'original' } | { kind: 'transcode'; format: TranscodeFormat; kbps: number; gainDb?: number };

/** Bit rates offered (kbit/s): a request is rounded down to one, so the cache holds few variants. */
const BIT_RATES = [32, 48, 64, 96, 128, 160, 192, 256, 320] as const;
const DEFAULT_KBPS: Record<TranscodeFormat, number> = { mp3: 192, opus: 128 };

const snap = (kbps: number) => [...BIT_RATES].reverse().find((rate) => rate <= kbps) ?? BIT_RATES[0];
const sourceKbps = (source: Pick<AudioSource, 'fileSize' | 'duration'>) =>
  source.duration > 0 ? (source.fileSize * 8) / source.duration / 1000 : Number.POSITIVE_INFINITY;

/**
 * Hearth's own `replayGain=track|album` on stream: the dB a transcode applies, capped by the peak
 * as the web player's boost is (album gain falls back to track gain); 0 when absent or unknown.
 */
export function askedGainDb(source: { loudness?: SongLoudness }, params: Params): number {
  const asked = params.get('replayGain');
  if (asked === undefined || asked === '') return 0;
  if (asked !== 'track' && asked !== 'album') throw new SubsonicError(SUBSONIC_ERROR.generic, `Invalid replayGain: ${asked.slice(0, 40)} is not track or album`);
  if (!source.loudness) return 0;
  const { gainDb } = playbackLevel(source.loudness, asked === 'album' ? 'auto' : 'track', asked === 'album');
  return Math.round(gainDb * 100) / 100;
}

/**
 * stream's choice: the original unless `format` (mp3, opus) or `maxBitRate` asks for less than it
 * is, and ffmpeg is there. `format=raw` always means the original; maxBitRate alone converts to
 * mp3 (every app plays it). A source already in the format at or under the rate is sent as is,
 * unless `replayGain` asks for a gain it needs: then it converts at no more than its own rate.
 */
export function chooseDelivery(source: Pick<AudioSource, 'format' | 'fileSize' | 'duration'> & { loudness?: SongLoudness }, params: Params, canTranscode: boolean): Delivery {
  const asked = params.get('format');
  const maxBitRate = params.int('maxBitRate', 0, 0, 100_000);
  const gainDb = askedGainDb(source, params);
  if (!canTranscode || asked === 'raw') return { kind: 'original' };
  const named = asked === 'mp3' || asked === 'opus' ? asked : null;
  if (!named && maxBitRate === 0) return { kind: 'original' };
  const format: TranscodeFormat = named ?? 'mp3';
  const kbps = snap(maxBitRate > 0 ? Math.min(maxBitRate, 320) : DEFAULT_KBPS[format]);
  const current = sourceKbps(source);
  // Already small enough (5% slack for container overhead): converting would only lose quality.
  const smallEnough = (source.format === format || !named) && current <= kbps * 1.05;
  if (smallEnough && gainDb === 0) return { kind: 'original' };
  if (gainDb === 0) return { kind: 'transcode', format, kbps };
  return { kind: 'transcode', format, kbps: smallEnough ? Math.min(kbps, snap(current)) : kbps, gainDb };
}

const IMAGE_URL = /^\/objects\/images\/([0-9a-f]{64})\.[a-z]+$/;

/** The artwork URL an API cover id stands for: mf-N/N (song), al-N, ar-…, pl-N; 70 when none. */
function artworkUrlOf(db: Db, library: Library, id: string): string | null | undefined {
  if (id.startsWith('al-')) return findAlbumById(db, requireAlbum(library, id).id, library.viewer)?.artworkUrl;
  if (id.startsWith('ar-')) {
    const album = requireArtist(library, id).albumIds.map((albumId) => library.albumsById.get(albumId)!).find((found) => found.hasArtwork);
    return album ? findAlbumById(db, album.id, library.viewer)?.artworkUrl : null;
  }
  if (id.startsWith('pl-')) {
    const found = requireLivePlaylist(db, Number(id.slice(3)) || 0, library.viewer);
    return found.playlist.artworkUrl ?? found.firstArtworkUrl;
  }
  return requireVisibleSong(db, library.viewer, id).song.artworkUrl;
}

export interface CoverImage {
  path: string;
  hash: string;
  /** Set for a resized JPEG; otherwise the original's format. */
  format: ImageFormat;
}

/** Sizes made (px, square): a request gets the smallest at least as large, or the original past the last. */
const COVER_SIZES = [64, 128, 256, 512, 1024] as const;

async function resized(storage: MediaStorage, source: { path: string; format: ImageFormat }, target: string, size: number): Promise<boolean> {
  if (storage.mtime(target) !== null) return true;
  const dimensions = await readImageSize(fileReader(source.path), source.format);
  // jimp cannot decode WebP; an image over the pixel budget is never decoded (media/previews.ts).
  if (!dimensions || !withinPixelBudget(dimensions) || source.format === 'webp') return false;
  const temp = storage.tempPath();
  try {
    await decodePreview(source.path, temp, size);
    storage.commit(temp, target);
    return true;
  } catch {
    rmSync(temp, { force: true });
    return false;
  }
}

/** getCoverArt: the artwork of a visible item, resized (cached beside the data) when `size` asks for it. */
export async function coverImage(db: Db, storage: MediaStorage, library: Library, cacheDir: string, params: Params): Promise<CoverImage> {
  let url: string | null | undefined;
  try {
    url = artworkUrlOf(db, library, params.required('id'));
  } catch (error) {
    if (error instanceof HttpError) throw notFound('Cover art');
    throw error;
  }
  const hash = url ? IMAGE_URL.exec(url)?.[1] : undefined;
  const source = hash ? findImage(storage, hash) : null;
  if (!hash || !source) throw notFound('Cover art');
  const wanted = params.int('size', 0, 0, 100_000);
  const size = wanted > 0 ? COVER_SIZES.find((candidate) => candidate >= wanted) : undefined;
  if (!size) return { path: source.path, hash, format: source.format };
  const target = join(cacheDir, hash.slice(0, 2), `${hash}-${size}.jpg`);
  const made = await storage.makeOnce(target, () => resized(storage, source, target, size));
  return made ? { path: target, hash: `${hash}-${size}`, format: 'jpg' } : { path: source.path, hash, format: source.format };
}
