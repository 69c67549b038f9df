import { adtsFrame } from './frame-walk.ts';
import { isConfirmedFrame } from './mpeg-frame.ts';
import type { AudioFormat } from '../src/shared/audio-formats.ts';

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ByteReader = (offset: number, length: number) => Promise<Uint8Array>;

export const fileReader = (path: string): ByteReader => (offset, length) =>
  Bun.file(path).slice(offset, offset + length).bytes();

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));

/** An AAC ADTS header: 12-bit sync with layer 00 (which MPEG audio never uses). */
function isAdts(b: Uint8Array): boolean {
  return b.length >= 7 && b[0] === 0xff && (b[1]! & 0xf6) === 0xf0 && ((b[2]! >> 2) & 0xf) < 13;
}

const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'mp42', 'mp41', 'isom', 'iso2', 'dash', 'F4A ']);

/**
 * Ogg: the first packet names the codec. Opus, Vorbis and FLAC (what browsers play); FLAC in
 * Ogg is served as `ogg`, whose type (audio/ogg) names the container. Speex, video: null.
 */
function oggFormat(b: Uint8Array): AudioFormat | null {
  if (!ascii(b, 0, 'OggS') || b.length < 28) return null;
  const packet = 27 + b[26]!;
  if (ascii(b, packet, 'OpusHead')) return 'opus';
  if (b[packet] === 1 && ascii(b, packet + 1, 'vorbis')) return 'ogg';
  if (b[packet] === 0x7f && ascii(b, packet + 1, 'FLAC')) return 'ogg';
  return null;
}

/** Size of an ID3v2 tag of any version (header, syncsafe body, v2.4 footer), or 0 when none. */
function id3Size(b: Uint8Array): number {
  if (!ascii(b, 0, 'ID3') || b.length < 10 || b[3]! > 4 || b[3]! < 2) return 0;
  if ((b[6]! | b[7]! | b[8]! | b[9]!) & 0x80) return 0;
  const body = (b[6]! << 21) | (b[7]! << 14) | (b[8]! << 7) | b[9]!;
  return 10 + body + (b[3] === 4 && b[5]! & 0x10 ? 10 : 0);
}

/** Formats with a signature at the very start of the stream. */
function formatOf(b: Uint8Array): AudioFormat | null {
  if (ascii(b, 0, 'fLaC')) return 'flac';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return 'wav';
  if (ascii(b, 4, 'ftyp') && M4A_BRANDS.has(new TextDecoder().decode(b.subarray(8, 12)))) return 'm4a';
  if (ascii(b, 0, 'OggS')) return oggFormat(b);
  if (isAdts(b)) return 'aac';
  return null;
}

const CHUNK = 64 * 1024;
/** How far a player-like probe looks: tags, then zero padding, then a frame within a window. */
const MAX_TAGS = 4;
const MAX_PADDING = 1024 * 1024;
const SEARCH_WINDOW = 64 * 1024;
const MAX_FRAME = 4096;

/** Where the tags end: after any ID3v2 tags (some files carry two). */
async function afterTags(read: ByteReader): Promise<number> {
  let offset = 0;
  for (let tags = 0; tags < MAX_TAGS; tags++) {
    const size = id3Size(await read(offset, 10));
    if (size === 0) break;
    offset += size;
  }
  return offset;
}

/** The first non-zero byte at or after `offset` (within MAX_PADDING), or null. */
async function skipZeros(read: ByteReader, offset: number): Promise<number | null> {
  for (const limit = offset + MAX_PADDING; offset < limit; ) {
    const chunk = await read(offset, CHUNK);
    const data = chunk.findIndex((byte) => byte !== 0);
    if (data >= 0) return offset + data;
    if (chunk.length < CHUNK) return null; // nothing but zeros
    offset += chunk.length;
  }
  return null;
}

/**
 * The audio format by content, never by name or declared type, probed as a player does:
 * skip ID3v2 tags, then a container signature; or, after any zero padding, MPEG frames: two
 * in a row where the stream starts, or three in a row found within a bounded window after it.
 */
export async function sniffAudio(read: ByteReader): Promise<AudioFormat | null> {
  const tagsEnd = await afterTags(read);
  const format = formatOf(await read(tagsEnd, 512));
  if (format) return format;
  const start = await skipZeros(read, tagsEnd);
  if (start === null) return null;
  const window = await read(start, SEARCH_WINDOW + MAX_FRAME);
  if (start > tagsEnd && formatOf(window)) return formatOf(window);
  const endOfFile = window.length < SEARCH_WINDOW + MAX_FRAME;
  if (isConfirmedFrame(window, 0, 2, endOfFile)) return 'mp3';
  const limit = Math.min(SEARCH_WINDOW, window.length);
  for (let at = window.indexOf(0xff, 1); at >= 0 && at < limit; at = window.indexOf(0xff, at + 1)) {
    if (isConfirmedFrame(window, at, 3, endOfFile)) return 'mp3';
  }
  return null;
}

/**
 * Where a headerless stream's first frame is, stricter than the sniffer: ADTS after the tags and
 * any padding, or MPEG frames three in a row (fewer only when the file ends), never free-format
 * ones, at the start or within the window. Null: no stream a player could decode.
 */
export async function audioStreamStart(read: ByteReader, format: 'mp3' | 'aac'): Promise<number | null> {
  const start = await skipZeros(read, await afterTags(read));
  if (start === null) return null;
  const window = await read(start, SEARCH_WINDOW + MAX_FRAME);
  if (format === 'aac') return adtsFrame(window, 0) ? start : null;
  const endOfFile = window.length < SEARCH_WINDOW + MAX_FRAME;
  const limit = Math.min(SEARCH_WINDOW, window.length);
  for (let at = 0; at >= 0 && at < limit; at = window.indexOf(0xff, at + 1)) {
    if (isConfirmedFrame(window, at, 3, endOfFile)) return start + at;
  }
  return null;
}

export const IMAGE_FORMATS = ['png', 'jpg', 'webp', 'gif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** PNG, JPEG, WebP or GIF by content; SVG (script-capable) and everything else is null. */
export function sniffImage(b: Uint8Array): ImageFormat | null {
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 'PNG\r\n\x1a\n')) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return 'webp';
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return 'gif';
  return null;
}

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
