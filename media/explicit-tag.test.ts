import { afterAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../src/testing/server.ts';
import { explicitFromTags } from './explicit-tag.ts';
import { readAudioTags } from './metadata.ts';

const dir = makeTempDir('hearth-explicit-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One second of tone in `file`'s format, with these tags written by ffmpeg. */
function tagged(file: string, tags: Record<string, string>): string {
  const out = join(dir, file);
  const metadata = Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', ...metadata, out]);
  if (run.status !== 0) throw new Error(`ffmpeg could not make ${out}: ${run.stderr}`);
  return out;
}

describe('explicit from the tags', () => {
  test.each([
    ['ID3 TXXX:ITUNESADVISORY 1', 'advisory.mp3', { ITUNESADVISORY: '1' }, true],
    ['ID3 TXXX:ITUNESADVISORY 2 (clean)', 'clean.mp3', { ITUNESADVISORY: '2' }, false],
    ['Vorbis ITUNESADVISORY 1', 'advisory.ogg', { ITUNESADVISORY: '1' }, true],
    ['Vorbis EXPLICIT yes', 'explicit.ogg', { EXPLICIT: 'yes' }, true],
    ['Vorbis CONTENTRATING Explicit', 'rating.flac', { CONTENTRATING: 'Explicit' }, true],
    ['Vorbis CONTENTRATING Clean', 'rating-clean.flac', { CONTENTRATING: 'Clean' }, false],
    ['no tag at all', 'plain.flac', { title: 'Plain' }, false],
  ] as const)('%s', async (_name, file, tags, explicit) => {
    expect((await readAudioTags(tagged(file, tags))).explicit).toBe(explicit);
  });

  // ffmpeg writes no rtng atom, so MP4 is checked on music-metadata's native shape for it (an integer).
  test('MP4 rtng: 1 and 4 are explicit, 2 (clean) and 0 are not', () => {
    const rtng = (value: number) => explicitFromTags({ native: { iTunes: [{ id: 'rtng', value }] } });
    expect([1, 4, 2, 0].map(rtng)).toEqual([true, true, false, false]);
  });
});
