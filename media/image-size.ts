import type { ByteReader } from './sniff.ts';
import type { ImageFormat } from './sniff.ts';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The largest image we decode or accept: 16 megapixels (4000×4000; a 4-byte-per-pixel
 * bitmap of 64 MiB). A PNG of a few hundred KB can declare 30000×30000 (3.6 GB decoded).
 */
export const MAX_IMAGE_PIXELS = 16_000_000;
export const TOO_MANY_PIXELS = 'Images may be at most 16 megapixels (for example 4000×4000)';

export const withinPixelBudget = (size: ImageSize) => size.width * size.height <= MAX_IMAGE_PIXELS;

const ascii = (b: Uint8Array, at: number, text: string) => [...text].every((c, i) => b[at + i] === c.charCodeAt(0));
const be16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const le16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const le24 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const sized = (width: number, height: number): ImageSize | null => (width > 0 && height > 0 ? { width, height } : null);

/** JPEG: walk the segments to the first frame header (SOFn), whose bytes name the size. */
async function jpegSize(read: ByteReader): Promise<ImageSize | null> {
  let offset = 2;
  for (let segments = 0; segments < 1000; segments++) {
    const head = await read(offset, 9);
    if (head.length < 4 || head[0] !== 0xff) return null;
    const marker = head[1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const standalone = marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);
    if (standalone) {
      offset += 2;
      continue;
    }
    const frame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (frame) return head.length < 9 ? null : sized(be16(head, 7), be16(head, 5));
    if (marker === 0xd9 || marker === 0xda) return null; // end, or scan data before any frame
    offset += 2 + be16(head, 2);
  }
  return null;
}

function webpSize(b: Uint8Array): ImageSize | null {
  if (ascii(b, 12, 'VP8 ') && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return sized(le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff);
  }
  if (ascii(b, 12, 'VP8L') && b[20] === 0x2f) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(b, 12, 'VP8X')) return sized(le24(b, 24) + 1, le24(b, 27) + 1);
  return null;
}

/** Width and height from the header alone (nothing is decoded), or null when unreadable. */
export async function readImageSize(read: ByteReader, format: ImageFormat): Promise<ImageSize | null> {
  if (format === 'jpg') return jpegSize(read);
  const head = await read(0, 32);
  if (head.length < 30) return null;
  if (format === 'png') {
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    return ascii(head, 12, 'IHDR') ? sized(view.getUint32(16), view.getUint32(20)) : null;
  }
  if (format === 'gif') return sized(le16(head, 6), le16(head, 8));
  return webpSize(head);
}

export const bytesReader = (bytes: Uint8Array): ByteReader => async (offset, length) => bytes.subarray(offset, offset + length);
