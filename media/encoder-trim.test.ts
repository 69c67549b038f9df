import { describe, expect, test } from 'bun:test';
import { itunSmpbTrim } from './encoder-trim.ts';
import { readAudioTags } from './metadata.ts';
import { SINE_SAMPLES, SPLIT_AT, splitSineFiles } from '../src/testing/gapless-fixtures.ts';

describe('encoder delay and padding at import', () => {
  const files = splitSineFiles();

  test('an MP3 states LAME delay and padding; its length is the real samples, exactly', async () => {
    const [a, b] = await Promise.all(files.mp3.map((path) => readAudioTags(path)));
    expect(a!.trim).toEqual({ delay: 576, padding: expect.any(Number), samples: SPLIT_AT, sampleRate: 44_100 });
    expect(b!.trim?.samples).toBe(SINE_SAMPLES - SPLIT_AT);
    expect(a!.duration).toBe(SPLIT_AT / 44_100);
  });

  test("an AAC in MP4 states its priming in the edit list, the end in the sample table", async () => {
    const [a, b] = await Promise.all(files.m4a.map((path) => readAudioTags(path, 'm4a')));
    // ffmpeg's AAC encoder primes 1024 samples and fills the last 1024-sample frame.
    expect(a!.trim).toEqual({ delay: 1024, padding: Math.ceil((SPLIT_AT + 1024) / 1024) * 1024 - 1024 - SPLIT_AT, samples: SPLIT_AT, sampleRate: 44_100 });
    expect(b!.trim?.samples).toBe(SINE_SAMPLES - SPLIT_AT);
  });

  test('FLAC is sample-exact: nothing to trim', async () => {
    const a = await readAudioTags(files.flac[0]);
    expect(a.trim).toEqual({ delay: 0, padding: 0, samples: SPLIT_AT, sampleRate: 44_100 });
  });

  test("iTunSMPB gives Apple's delay, padding and length", () => {
    expect(itunSmpbTrim(' 00000000 00000840 000001CA 00000000003F31F6 00000000 00000000', 44_100)).toEqual({ delay: 0x840, padding: 0x1ca, samples: 0x3f31f6, sampleRate: 44_100 });
    expect(itunSmpbTrim('junk', 44_100)).toBeNull();
  });
});
