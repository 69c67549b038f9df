import { readdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { join } from 'node:path';

/** Test-only helpers for media: fixture paths (media/testdata) and hand-built multipart bodies. */
export const FIXTURES = join(import.meta.dir, '../../media/testdata');
export const fixture = (name: string) => join(FIXTURES, name);

export interface Part {
  name: string;
  value: string | Uint8Array;
  /** Written into the header raw, so tests can send names a browser would escape. */
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built byte by byte (FormData would escape hostile names). */
export function multipart(parts: Part[]): { body: Blob; contentType: string } {
  const boundary = `----hearth${crypto.randomUUID()}`;
  const chunks: Uint8Array[] = [];
  const text = (value: string) => chunks.push(new TextEncoder().encode(value));
  for (const part of parts) {
    text(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`);
    // Hostile names go RFC 5987-encoded (filename*), which parsers decode back to raw bytes.
    if (part.filename !== undefined) {
      const plain = /^[\x20-\x7e]*$/.test(part.filename) && !/["\\]/.test(part.filename);
      text(plain ? `; filename="${part.filename}"` : `; filename*=utf-8''${encodeURIComponent(part.filename).replaceAll("'", '%27')}`);
    }
    text('\r\n');
    if (part.contentType) text(`Content-Type: ${part.contentType}\r\n`);
    text('\r\n');
    if (typeof part.value === 'string') text(part.value);
    else chunks.push(part.value);
    text('\r\n');
  }
  text(`--${boundary}--\r\n`);
  return { body: new Blob(chunks as BlobPart[]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const fixtureBytes = (name: string) => Bun.file(fixture(name)).bytes();

/** Every file below a folder, as relative paths (to prove nothing was left behind). */
export function filesUnder(dir: string): string[] {
  try {
    return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
  } catch {
    return [];
  }
}

const be32 = (value: number) => new Uint8Array([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
const joinBytes = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
  return out;
};

/**
 * An image bomb: a valid PNG (signature, IHDR, zlib IDAT, IEND, right CRCs) declaring
 * width×height RGB pixels, whose data is a few MB of zeros compressed to a few KB.
 */
export function pngBomb(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const body = joinBytes([new TextEncoder().encode(type), data]);
    return joinBytes([be32(data.length), body, be32(Bun.hash.crc32(body) >>> 0)]);
  };
  const ihdr = joinBytes([be32(width), be32(height), new Uint8Array([8, 2, 0, 0, 0])]);
  const idat = new Uint8Array(deflateSync(new Uint8Array(4 * 1024 * 1024), { level: 9 }));
  return joinBytes([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array())]);
}

/** An mp3 (plain.mp3's frames) behind an ID3v2.3 tag with a title and an embedded picture. */
export async function mp3WithPicture(picture: Uint8Array, mime: string, title: string): Promise<Uint8Array> {
  const text = (value: string) => new TextEncoder().encode(value);
  const frame = (id: string, body: Uint8Array) => joinBytes([text(id), be32(body.length), new Uint8Array(2), body]);
  const frames = joinBytes([
    frame('TIT2', joinBytes([new Uint8Array([0]), text(title)])),
    frame('APIC', joinBytes([new Uint8Array([0]), text(`${mime}\0`), new Uint8Array([3, 0]), picture])),
  ]);
  const n = frames.length;
  const header = joinBytes([text('ID3'), new Uint8Array([3, 0, 0, (n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f])]);
  return joinBytes([header, frames, await fixtureBytes('plain.mp3')]);
}

/** `header` repeated to fill `bytes`: MPEG frame headers with nothing (or nothing decodable) in them. */
export function repeatedFrames(header: number[], frameLength: number, bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  for (let at = 0; at + frameLength <= bytes; at += frameLength) out.set(header, at);
  return out;
}

/** Free-format MPEG-1 layer III headers back to back: a player finds no frame to decode. */
export const freeFormatHeaders = (bytes: number) => repeatedFrames([0xff, 0xfb, 0x04, 0xc4], 4, bytes);

/**
 * Three real (empty) frames of two bitrates, so no length can be read from them, between runs of
 * free-format headers: the shape that sent music-metadata scanning at seconds per megabyte.
 */
export const framesAmidJunk = (bytes: number) =>
  joinBytes([
    freeFormatHeaders(60 * 1024),
    repeatedFrames([0xff, 0xfb, 0x14, 0xc4], 96, 96),
    repeatedFrames([0xff, 0xfb, 0x24, 0xc4], 120, 120),
    repeatedFrames([0xff, 0xfb, 0x14, 0xc4], 96, 96),
    freeFormatHeaders(bytes),
  ]);

/** An ID3v2.3 frame: 4-letter id, 32-bit size (not sync-safe in 2.3), no flags. */
function id3Frame(id: string, body: Uint8Array): Uint8Array {
  const frame = new Uint8Array(10 + body.length);
  frame.set(new TextEncoder().encode(id), 0);
  new DataView(frame.buffer).setUint32(4, body.length);
  frame.set(body, 10);
  return frame;
}

const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const joined = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) (out.set(part, at), (at += part.length));
  return out;
};

/**
 * An mp3 (untagged audio from `plain.mp3`) behind an ID3v2.3 tag holding lyrics frames, which
 * ffmpeg cannot write: USLT (unsynced text) and SYLT (synced, millisecond stamps), Latin-1.
 */
export async function mp3WithLyricsFrames(frames: { uslt?: string; sylt?: [number, string][]; lang?: string }): Promise<Uint8Array> {
  const lang = latin1(frames.lang ?? 'eng');
  const parts: Uint8Array[] = [];
  if (frames.uslt !== undefined) parts.push(id3Frame('USLT', joined([new Uint8Array([0]), lang, new Uint8Array([0]), latin1(frames.uslt)])));
  if (frames.sylt) {
    const entries = frames.sylt.map(([ms, text]) => {
      const stamp = new Uint8Array(4);
      new DataView(stamp.buffer).setUint32(0, ms);
      return joined([latin1(text), new Uint8Array([0]), stamp]);
    });
    // encoding 0, language, timestamp format 2 (ms), content type 1 (lyrics), empty descriptor.
    parts.push(id3Frame('SYLT', joined([new Uint8Array([0]), lang, new Uint8Array([2, 1, 0]), ...entries])));
  }
  const body = joined(parts);
  const size = body.length;
  const header = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return joined([header, body, await fixtureBytes('plain.mp3')]);
}
