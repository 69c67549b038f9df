import type { AudioFormat } from './paths.ts';

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ByteReader = (offset: number, length: number) => Promise<Uint8Array>;

export const fileReader = (path: string): ByteReader => (offset, length) =>
  Bun.file(path).slice(offset, offset + length).bytes();

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));

/** An MPEG audio frame header (layers I–III): sync, no reserved version/layer/rate values. */
function isMpegFrame(b: Uint8Array, at = 0): boolean {
  if (b.length < at + 4 || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return false;
  const version = (b[at + 1]! >> 3) & 3;
  const layer = (b[at + 1]! >> 1) & 3;
  const bitrate = b[at + 2]! >> 4;
  const rate = (b[at + 2]! >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 15 && rate !== 3;
}

/** An AAC ADTS header: 12-bit sync with layer 00 (which MPEG audio never uses). */
function isAdts(b: Uint8Array): boolean {
  return b.length >= 7 && b[0] === 0xff && (b[1]! & 0xf6) === 0xf0 && ((b[2]! >> 2) & 0xf) < 13;
}

const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'mp42', 'mp41', 'isom', 'iso2', 'dash', 'F4A ']);

/** Ogg: the first packet names the codec. Opus and Vorbis only (what browsers play). */
function oggFormat(b: Uint8Array): AudioFormat | null {
  if (!ascii(b, 0, 'OggS') || b.length < 28) return null;
  const packet = 27 + b[26]!;
  if (ascii(b, packet, 'OpusHead')) return 'opus';
  if (b[packet] === 1 && ascii(b, packet + 1, 'vorbis')) return 'ogg';
  return null;
}

/** Size of an ID3v2 tag (header + syncsafe body + optional footer), or 0 when there is none. */
function id3Size(b: Uint8Array): number {
  if (!ascii(b, 0, 'ID3') || b.length < 10) return 0;
  const body = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
  return 10 + body + (b[5]! & 0x10 ? 10 : 0);
}

function formatOf(b: Uint8Array): AudioFormat | null {
  if (ascii(b, 0, 'fLaC')) return 'flac';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return 'wav';
  if (ascii(b, 4, 'ftyp') && M4A_BRANDS.has(new TextDecoder().decode(b.subarray(8, 12)))) return 'm4a';
  if (ascii(b, 0, 'OggS')) return oggFormat(b);
  if (isAdts(b)) return 'aac';
  if (isMpegFrame(b)) return 'mp3';
  return null;
}

/**
 * The audio format by content (magic bytes), never by name or declared type. An ID3v2 tag
 * is skipped to find the real stream behind it (mp3 frames, or FLAC/AAC behind a tag).
 */
export async function sniffAudio(read: ByteReader): Promise<AudioFormat | null> {
  const head = await read(0, 4096);
  const tag = id3Size(head);
  if (tag === 0) return formatOf(head);
  const after = await read(tag, 4096);
  const format = formatOf(after);
  // Some encoders pad after the tag; a frame within the first bytes still counts as mp3.
  if (format) return format;
  const sync = after.findIndex((byte, i) => byte === 0xff && isMpegFrame(after, i));
  return sync >= 0 && sync < 2048 ? 'mp3' : null;
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

export const AUDIO_CONTENT_TYPES: Record<AudioFormat, string> = {
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg; codecs=opus',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  aac: 'audio/aac',
};

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
