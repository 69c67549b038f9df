import { afterAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { NoAudioError, readAudioTags } from './metadata.ts';
import { fixture, framesAmidJunk, freeFormatHeaders, mp3WithLyricsFrames } from '../src/testing/media-fixtures.ts';
import { makeTempDir } from '../src/testing/server.ts';
import { parseLyrics } from '../src/shared/lyrics.ts';

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

// What the import stores: the tag text found here, parsed by src/shared/lyrics.ts.
async function lyricsOf(path: string) {
  const found = (await readAudioTags(path)).lyrics;
  return found && parseLyrics(found.text, found.lang);
}

describe('readAudioTags: lyrics from the file itself', () => {
  test('ID3 SYLT (synced, ms) wins over USLT, with its language', async () => {
    const path = await written('sylt.mp3', await mp3WithLyricsFrames({ uslt: 'Plain', sylt: [[2500, 'Two'], [1000, 'One']], lang: 'fra' }));
    expect(await lyricsOf(path)).toEqual({ synced: true, lang: 'fra', lines: [{ start: 1000, value: 'One' }, { start: 2500, value: 'Two' }] });
  });

  test('ID3 USLT: unsynced lines, or synced when the text is LRC', async () => {
    const plain = await written('uslt.mp3', await mp3WithLyricsFrames({ uslt: 'First\nSecond' }));
    expect(await lyricsOf(plain)).toEqual({ synced: false, lang: 'eng', lines: [{ start: null, value: 'First' }, { start: null, value: 'Second' }] });
    const lrc = await written('uslt-lrc.mp3', await mp3WithLyricsFrames({ uslt: '[00:03.00]Sing' }));
    expect((await lyricsOf(lrc))?.lines).toEqual([{ start: 3000, value: 'Sing' }]);
  });

  test('Vorbis LYRICS holding LRC (offset, two stamps on a line) is synced', async () => {
    expect(await lyricsOf(fixture('lyrics-lrc.flac'))).toEqual({
      synced: true,
      lang: null,
      lines: [
        { start: 500, value: 'La la' },
        { start: 2000, value: 'Hey' },
        { start: 2500, value: 'La la' },
      ],
    });
  });

  test('MP4 ©lyr and Ogg UNSYNCEDLYRICS are unsynced text; a file without lyrics has none', async () => {
    expect((await lyricsOf(fixture('lyrics-plain.m4a')))?.lines).toEqual([{ start: null, value: 'Plain words' }, { start: null, value: 'here' }]);
    expect(await lyricsOf(fixture('lyrics-unsynced.ogg'))).toEqual({ synced: false, lang: null, lines: [{ start: null, value: 'Ogg line' }] });
    expect(await lyricsOf(fixture('tagged.mp3'))).toBeNull();
  });
});
