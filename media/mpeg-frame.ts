/**
 * MPEG audio (layers I–III) frame headers, read the way a player probes a stream: a sync
 * word with no reserved field, and a length that lands on the next frame's header.
 */
const KBPS: Record<string, number[]> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const RATES = [44100, 48000, 32000];

/** One frame: its length in bytes (0 for free-format frames), and the audio it holds. */
export interface FrameHeader {
  length: number;
  samples: number;
  rate: number;
}

/** The MPEG audio frame header at `at`, or null when it is not one. */
export function mpegFrame(b: Uint8Array, at: number): FrameHeader | null {
  if (b.length < at + 4 || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return null;
  const versionBits = (b[at + 1]! >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layerBits = (b[at + 1]! >> 1) & 3; // 3: layer I, 2: II, 1: III, 0: reserved
  const bitrateIndex = b[at + 2]! >> 4;
  const rateIndex = (b[at + 2]! >> 2) & 3;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  if ((b[at + 3]! & 3) === 2) return null; // reserved emphasis
  const layer = 4 - layerBits;
  const mpeg1 = versionBits === 3;
  const rate = RATES[rateIndex]! / (mpeg1 ? 1 : versionBits === 2 ? 2 : 4);
  const samples = layer === 1 ? 384 : layer === 3 && !mpeg1 ? 576 : 1152;
  const table = mpeg1 ? `1-${layer}` : layer === 1 ? '2-1' : '2-2';
  const kbps = KBPS[table]![bitrateIndex]!;
  if (kbps === 0) return { length: 0, samples, rate };
  const padding = (b[at + 2]! >> 1) & 1;
  if (layer === 1) return { length: (Math.floor((12_000 * kbps) / rate) + padding) * 4, samples, rate };
  const perFrame = layer === 3 && !mpeg1 ? 72_000 : 144_000;
  return { length: Math.floor((perFrame * kbps) / rate) + padding, samples, rate };
}

const mpegFrameLength = (b: Uint8Array, at: number): number | null => mpegFrame(b, at)?.length ?? null;

/**
 * A frame at `at` that a player would lock onto: `frames` headers in a row, each where the
 * last one ends, unless the bytes run out first (a short or truncated file). A free-format
 * frame cannot be followed this way, so it counts only where a stream is expected to start.
 */
export function isConfirmedFrame(b: Uint8Array, at: number, frames: number, endOfFile: boolean): boolean {
  let position = at;
  for (let seen = 0; seen < frames; seen++) {
    if (position + 4 > b.length) return endOfFile && seen > 0;
    const length = mpegFrameLength(b, position);
    if (length === null) return false;
    if (length === 0) return seen === 0 && frames <= 2;
    position += length;
  }
  return true;
}
