import { afterAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { NoAudioError, readAudioTags } from './metadata.ts';
import { fixture, framesAmidJunk, freeFormatHeaders } from '../src/testing/media-fixtures.ts';
import { makeTempDir } from '../src/testing/server.ts';

const dir = makeTempDir('hearth-metadata-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function written(name: string, bytes: Uint8Array): Promise<string> {
  const path = join(dir, name);
  await Bun.write(path, bytes);
  return path;
}

describe('readAudioTags', () => {
  test('a VBR mp3 with no length header: measured by walking its frames, as a full scan would', async () => {
    const tags = await readAudioTags(fixture('vbr.mp3'), 'mp3');
    const scanned = (await parseFile(fixture('vbr.mp3'), { duration: true })).format.duration!;
    // Within one frame (576 samples at 22.05 kHz) of music-metadata's full scan.
    expect(Math.abs(tags.duration - scanned)).toBeLessThan(0.03);
    expect(tags.title).toBe('Vbr Tone');
  });

  test('an ADTS stream is measured the same way', async () => {
    const scanned = (await parseFile(fixture('tone.aac'), { duration: true })).format.duration!;
    expect((await readAudioTags(fixture('tone.aac'), 'aac')).duration).toBeCloseTo(scanned, 3);
  });

  test('4 MB of free-format frame headers: no playable audio, refused without walking them', async () => {
    const path = await written('headers.mp3', freeFormatHeaders(4 * 1024 * 1024));
    await expect(readAudioTags(path, 'mp3')).rejects.toBeInstanceOf(NoAudioError);
  });

  // Without the budget this took minutes of CPU, far past the test's timeout; the budget is 2 s.
  test('real frames amid junk that keeps the parser searching: stopped by the parse budget', async () => {
    const path = await written('amid-junk.mp3', framesAmidJunk(4 * 1024 * 1024));
    await expect(readAudioTags(path, 'mp3')).rejects.toBeInstanceOf(NoAudioError);
  });
});
