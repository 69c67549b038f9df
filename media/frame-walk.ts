import type { FrameHeader } from './mpeg-frame.ts';

const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** The AAC ADTS frame header at `at` (length covers the header), or null when it is not one. */
export function adtsFrame(b: Uint8Array, at: number): FrameHeader | null {
  if (b.length < at + 7 || b[at] !== 0xff || (b[at + 1]! & 0xf6) !== 0xf0) return null;
  const rate = ADTS_RATES[(b[at + 2]! >> 2) & 0xf];
  const length = ((b[at + 3]! & 3) << 11) | (b[at + 4]! << 3) | (b[at + 5]! >> 5);
  if (!rate || length < 7) return null;
  return { length, samples: 1024 * ((b[at + 6]! & 3) + 1), rate };
}

export type FrameReader = (b: Uint8Array, at: number) => FrameHeader | null;

const CHUNK = 1024 * 1024;
const HEADER = 7;

/**
 * Seconds of audio in a headerless stream (MPEG or ADTS), summed frame by frame from `start`
 * until the bytes stop being frames (a trailing tag, junk, a free-format frame). One pass over
 * the file a megabyte at a time: a few operations per frame, whatever the frames hold.
 */
export async function streamDuration(path: string, start: number, frameAt: FrameReader): Promise<number> {
  const file = Bun.file(path);
  let seconds = 0;
  for (let position = start; position < file.size; ) {
    const chunk = await file.slice(position, position + CHUNK).bytes();
    let at = 0;
    while (at + HEADER <= chunk.length) {
      const frame = frameAt(chunk, at);
      if (!frame || frame.length === 0) return seconds;
      seconds += frame.samples / frame.rate;
      at += frame.length;
    }
    if (at === 0) break;
    position += at;
  }
  return seconds;
}
