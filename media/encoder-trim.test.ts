import { describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { itunSmpbTrim, mp4Trim } from './encoder-trim.ts';
import { fileReader } from './sniff.ts';
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

describe('a crafted MP4 sample table', () => {
  test('an entry count far beyond its box is read only as far as the box goes', async () => {
    const [source] = splitSineFiles().m4a;
    const bytes = new Uint8Array(await Bun.file(source!).arrayBuffer());
    const at = Buffer.from(bytes).indexOf('stts');
    expect(at).toBeGreaterThan(0);
    // The count after version and flags claims 4 billion entries.
    new DataView(bytes.buffer).setUint32(at + 8, 0xffffffff);
    const crafted = join(tmpdir(), `hearth-stts-${process.pid}.m4a`);
    await Bun.write(crafted, bytes);
    try {
      // music-metadata refuses such a table; the trim reader runs on its own and must not spin.
      const trim = await mp4Trim(fileReader(crafted), bytes.length);
      expect(trim === null || trim.samples > 0).toBe(true);
    } finally {
      rmSync(crafted, { force: true });
    }
  });
});
