import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { cachedFixture } from './fixture-cache.ts';

/** ffmpeg's own integrated loudness reading of a file (LUFS), straight from its ebur128 filter. */
export function ffmpegLoudness(path: string): number {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-nostdin', '-i', path, '-af', 'ebur128=framelog=verbose', '-f', 'null', '-'], { encoding: 'utf8' });
  const value = /Integrated loudness:\s*\n\s*I:\s+(-?[\d.]+) LUFS/.exec(run.stderr)?.[1];
  if (value === undefined) throw new Error(`no ebur128 reading for ${path}: ${run.stderr.slice(-300)}`);
  return Number(value);
}

const noise = (seconds: number) => `anoisesrc=color=pink:amplitude=0.1:seed=7:sample_rate=48000:duration=${seconds}`;

function render(out: string, seconds: number, volumeDb: number): void {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', noise(seconds), '-af', `volume=${volumeDb}dB`, '-ac', '2', '-c:a', 'pcm_f32le', out]);
  if (run.status !== 0) throw new Error(`ffmpeg could not make ${out}: ${run.stderr}`);
}

/**
 * Pink noise at `lufs` (within a few hundredths): made once at a known amplitude, read by
 * ffmpeg, then made again through the `volume` filter by the difference. Float WAV: no clipping.
 * Both are made once per machine (src/testing/fixture-cache.ts).
 */
export function loudnessFixture(dir: string, lufs: number, seconds = 6): string {
  const base = cachedFixture(['pink noise', seconds], join(dir, `base-${seconds}.wav`), (path) => render(path, seconds, 0));
  return cachedFixture(['pink noise at', lufs, seconds], join(dir, `noise-${lufs}.wav`), (path) => render(path, seconds, lufs - ffmpegLoudness(base)));
}

/** A FLAC (24 bit) of a fixture with the given tags, e.g. `{ album: 'A', REPLAYGAIN_TRACK_GAIN: '-2.5 dB' }`. */
export function taggedFlac(wav: string, out: string, tags: Record<string, string>): string {
  const metadata = Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', wav, '-c:a', 'flac', '-sample_fmt', 's32', ...metadata, out]);
  if (run.status !== 0) throw new Error(`ffmpeg could not make ${out}: ${run.stderr}`);
  return out;
}
