import { mpegFrame } from './mpeg-frame.ts';
import type { ByteReader } from './sniff.ts';

/**
 * What gapless playback trims off a decoded file: `delay` samples of encoder delay (AAC
 * priming, LAME's delay) before the first real sample, `padding` after the last, and the
 * real length in samples, all at `sampleRate`. FLAC and WAV are sample-exact (0 and 0).
 */
export interface EncoderTrim {
  delay: number;
  padding: number;
  samples: number;
  sampleRate: number;
}

const text = (b: Uint8Array, at: number, s: string) => [...s].every((c, i) => b[at + i] === c.charCodeAt(0));
const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

/** Where the audio starts after an ID3v2 tag (FLAC files sometimes carry one too). */
async function afterId3(read: ByteReader): Promise<number> {
  const head = await read(0, 10);
  if (!text(head, 0, 'ID3')) return 0;
  return 10 + ((head[6]! & 0x7f) << 21) + ((head[7]! & 0x7f) << 14) + ((head[8]! & 0x7f) << 7) + (head[9]! & 0x7f) + (head[5]! & 0x10 ? 10 : 0);
}

/**
 * An MP3's Xing/Info frame with a LAME tag: frame count, then delay and padding (12 bits each).
 * Chromium's decoder already drops the decoder's own 529 samples, so `delay` is LAME's figure.
 */
export async function mp3Trim(read: ByteReader, start: number): Promise<EncoderTrim | null> {
  const b = await read(start, 400);
  const frame = mpegFrame(b, 0);
  if (!frame || frame.length === 0) return null;
  const mpeg1 = ((b[1]! >> 3) & 3) === 3;
  const mono = b[3]! >> 6 === 3;
  const at = 4 + (mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17);
  if (!text(b, at, 'Xing') && !text(b, at, 'Info')) return null;
  const flags = u32(b, at + 4);
  if (!(flags & 1)) return null;
  const frames = u32(b, at + 8);
  const lame = at + 8 + 4 + (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
  if (lame + 24 > b.length || !/^[A-Za-z]{3,4}\d/.test(String.fromCharCode(...b.subarray(lame, lame + 5)))) return null;
  const delay = (b[lame + 21]! << 4) | (b[lame + 22]! >> 4);
  const padding = ((b[lame + 22]! & 0x0f) << 8) | b[lame + 23]!;
  const samples = frames * frame.samples - delay - padding;
  return samples > 0 ? { delay, padding, samples, sampleRate: frame.rate } : null;
}

/** FLAC's STREAMINFO: sample rate and total samples; nothing to trim. */
export async function flacTrim(read: ByteReader): Promise<EncoderTrim | null> {
  const at = await afterId3(read);
  const b = await read(at, 42);
  if (!text(b, 0, 'fLaC') || (b[4]! & 0x7f) !== 0) return null;
  const info = 8;
  const sampleRate = (b[info + 10]! << 12) | (b[info + 11]! << 4) | (b[info + 12]! >> 4);
  const samples = (b[info + 13]! & 0x0f) * 2 ** 32 + u32(b, info + 14);
  return sampleRate > 0 && samples > 0 ? { delay: 0, padding: 0, samples, sampleRate } : null;
}

/** iTunSMPB: " 00000000 <delay> <padding> <samples, 16 hex digits> …" (Apple's gapless tag). */
export function itunSmpbTrim(value: string, sampleRate: number): EncoderTrim | null {
  const parts = value.trim().split(/\s+/);
  if (parts.length < 4 || !(sampleRate > 0)) return null;
  const [delay, padding, samples] = [parts[1]!, parts[2]!, parts[3]!].map((hex) => Number.parseInt(hex, 16));
  return delay! >= 0 && padding! >= 0 && samples! > 0 ? { delay: delay!, padding: padding!, samples: samples!, sampleRate } : null;
}

interface Box {
  type: string;
  start: number;
  end: number;
}

function boxes(b: Uint8Array, from: number, to: number): Box[] {
  const out: Box[] = [];
  for (let at = from; at + 8 <= to; ) {
    const size = u32(b, at);
    if (size < 8 || at + size > to) break;
    out.push({ type: String.fromCharCode(...b.subarray(at + 4, at + 8)), start: at + 8, end: at + size });
    at += size;
  }
  return out;
}
const child = (b: Uint8Array, box: Box | undefined, type: string) => (box ? boxes(b, box.start, box.end).find((x) => x.type === type) : undefined);

/** The moov box's bytes (files keep it first or last), at most 16 MB. */
async function moovOf(read: ByteReader, size: number): Promise<Uint8Array | null> {
  for (let at = 0; at + 8 <= size; ) {
    const head = await read(at, 16);
    let length = u32(head, 0);
    if (length === 1) length = u32(head, 8) * 2 ** 32 + u32(head, 12);
    if (length < 8) return null;
    if (text(head, 4, 'moov')) return length <= 16 * 1024 * 1024 ? read(at, length) : null;
    at += length;
  }
  return null;
}

/**
 * An AAC track in MP4: its edit list skips the priming (`media_time`), and the sample table's
 * durations end at the last real sample (as ffmpeg writes them) or the edit's length does.
 */
export async function mp4Trim(read: ByteReader, size: number): Promise<EncoderTrim | null> {
  const b = await moovOf(read, size);
  if (!b) return null;
  const moov = { type: 'moov', start: 8, end: b.length };
  const mvhd = child(b, moov, 'mvhd');
  const movieScale = mvhd ? u32(b, mvhd.start + (b[mvhd.start] === 1 ? 20 : 12)) : 0;
  for (const trak of boxes(b, moov.start, moov.end).filter((x) => x.type === 'trak')) {
    const mdia = child(b, trak, 'mdia');
    const mdhd = child(b, mdia, 'mdhd');
    const stbl = child(b, child(b, mdia, 'minf'), 'stbl');
    const stsd = child(b, stbl, 'stsd');
    const stts = child(b, stbl, 'stts');
    if (!mdhd || !stsd || !stts || !text(b, stsd.start + 12, 'mp4a')) continue;
    const sampleRate = u32(b, mdhd.start + (b[mdhd.start] === 1 ? 20 : 12));
    let frames = 0;
    let total = 0;
    // The entry count is the file's word: never walk past the box that holds the entries.
    const entries = Math.min(u32(b, stts.start + 4), Math.floor((stts.end - stts.start - 8) / 8));
    for (let i = 0; i < entries; i++) {
      const count = u32(b, stts.start + 8 + i * 8);
      frames += count;
      total += count * u32(b, stts.start + 12 + i * 8);
    }
    const elst = child(b, child(b, trak, 'edts'), 'elst');
    if (!elst || b[elst.start] !== 0 || u32(b, elst.start + 4) < 1 || !(movieScale > 0)) return null;
    const delay = u32(b, elst.start + 12);
    const edited = Math.round((u32(b, elst.start + 8) * sampleRate) / movieScale);
    // The edit's length is in the movie's coarser units: the sample table is exact when it agrees.
    const samples = Math.abs(total - delay - edited) <= sampleRate / movieScale + 1 ? total - delay : edited;
    const padding = frames * 1024 - delay - samples;
    return delay < 0x7fffffff && samples > 0 && padding >= 0 ? { delay, padding, samples, sampleRate } : null;
  }
  return null;
}
