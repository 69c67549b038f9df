import { afterAll, describe, expect, test } from 'bun:test';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ffmpegLoudness, loudnessFixture } from '../src/testing/loudness-fixtures.ts';
import { makeTempDir } from '../src/testing/server.ts';
import { LoudnessError, measureLoudness, parseEbur128Summary } from './loudness.ts';
import { findFfmpeg } from './transcode.ts';

const dir = makeTempDir('hearth-loudness-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ffmpeg = findFfmpeg();

describe('measureLoudness', () => {
  if (!ffmpeg) throw new Error('these tests need ffmpeg on PATH');

  for (const target of [-6, -14, -23, -30]) {
    test(`reads pink noise made at ${target} LUFS as ffmpeg's ebur128 does (±0.5 LU)`, async () => {
      const file = loudnessFixture(dir, target);
      const reading = await measureLoudness(ffmpeg, file);
      expect(Math.abs(reading.integrated - ffmpegLoudness(file))).toBeLessThanOrEqual(0.5);
      expect(Math.abs(reading.integrated - target)).toBeLessThanOrEqual(0.5);
      // Pink noise peaks well above its loudness, and a true peak is never below the sample peak.
      expect(reading.truePeakDb).toBeGreaterThan(target);
    });
  }

  test('a file ffmpeg cannot decode fails with its reason', async () => {
    const junk = join(dir, 'junk.mp3');
    writeFileSync(junk, new Uint8Array(4096).fill(7));
    const error = await measureLoudness(ffmpeg, junk).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoudnessError);
    expect((error as Error).message).toStartWith('ffmpeg could not decode the file: ');
  });
});

describe('parseEbur128Summary', () => {
  test('reads silence as -inf true peak, and nothing without a summary', () => {
    const summary = '[Parsed_ebur128_0 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         -70.0 LUFS\n    Threshold: -80.0 LUFS\n\n  True peak:\n    Peak:       -inf dBFS\n';
    expect(parseEbur128Summary(summary)).toEqual({ integrated: -70, truePeakDb: -Infinity });
    expect(parseEbur128Summary('Conversion failed!')).toBeNull();
  });
});
