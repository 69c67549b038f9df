import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedFixture } from './fixture-cache.ts';

/** Where the 440 Hz sine is split: not a multiple of any MP3 (1152), AAC (1024) or FLAC frame. */
export const SPLIT_AT = 176_441; // 4.0009 s: time enough to feed the second file under load
export const SINE_SAMPLES = 264_600; // 6 s at 44.1 kHz
export const GAPLESS_FORMATS = { mp3: ['libmp3lame', '-b:a', '128k'], m4a: ['aac', '-b:a', '128k'], flac: ['flac'] } as const;
export type GaplessFormat = keyof typeof GAPLESS_FORMATS;

function ffmpeg(args: string[]) {
  const run = Bun.spawnSync(['ffmpeg', '-loglevel', 'error', '-y', ...args]);
  if (run.exitCode !== 0) throw new Error(`ffmpeg ${args.join(' ')}: ${run.stderr.toString()}`);
}

/**
 * A 6 s stereo 440 Hz sine cut at SPLIT_AT into two files per format, made with ffmpeg: played
 * back to back they should sound as one tone. Returns each format's two paths (fresh copies of
 * files made once per machine, src/testing/fixture-cache.ts).
 */
export function splitSineFiles(): Record<GaplessFormat, [string, string]> {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-gapless-'));
  const sine = ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${SINE_SAMPLES / 44_100}`, '-ac', '2'];
  const parts = [`atrim=end_sample=${SPLIT_AT}`, `atrim=start_sample=${SPLIT_AT},asetpts=PTS-STARTPTS`];
  const out = {} as Record<GaplessFormat, [string, string]>;
  for (const [format, codec] of Object.entries(GAPLESS_FORMATS) as [GaplessFormat, readonly string[]][]) {
    out[format] = parts.map((filter, i) => {
      const args = [...sine, '-af', filter, '-c:a', ...codec];
      return cachedFixture(['split sine', args], join(dir, `${'ab'[i]}.${format}`), (path) => ffmpeg([...args, path]));
    }) as [string, string];
  }
  return out;
}
