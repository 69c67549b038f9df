import { afterAll, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fragmentedMp4Store } from './fragmented-mp4.ts';
import { TranscodeBusyError, TranscodeSlots, findFfmpeg } from './transcode.ts';
import { fixture } from '../src/testing/media-fixtures.ts';
import { makeTempDir } from '../src/testing/server.ts';

const dir = makeTempDir('hearth-fragments-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a copy is fragmented MP4, made once; past the cap the least recently used copies go', async () => {
  const store = fragmentedMp4Store(findFfmpeg(), dir, 1);
  const [a, b] = ['a'.repeat(64), 'b'.repeat(64)];
  const first = await store(fixture('tone.m4a'), a, 'm4a');
  expect(first).toBe(join(dir, `${a}.mp4`));
  const text = new TextDecoder('latin1').decode(readFileSync(first!));
  expect(text).toContain('moof');
  // Two requests at once share one ffmpeg run.
  const [x, y] = await Promise.all([store(fixture('tone.flac'), b, 'flac'), store(fixture('tone.flac'), b, 'flac')]);
  expect(x).toBe(y);
  // The cap (1 byte) keeps only the newest copy.
  expect(existsSync(first!)).toBe(false);
  expect(existsSync(x!)).toBe(true);
  utimesSync(x!, new Date(0), new Date(0));
  expect(await store(fixture('tone.flac'), b, 'flac')).toBe(x);
});

test('without ffmpeg there is no copy', async () => {
  expect(await fragmentedMp4Store(null, dir, 1 << 20)(fixture('tone.m4a'), 'c'.repeat(64), 'm4a')).toBeNull();
});

test('a few copies at a time: past that the caller is told the server is busy', async () => {
  const store = fragmentedMp4Store(findFfmpeg(), dir, 1 << 24, { slots: new TranscodeSlots(1, 0) });
  const [first, second] = await Promise.allSettled([store(fixture('tone.m4a'), 'd'.repeat(64), 'm4a'), store(fixture('tone.flac'), 'e'.repeat(64), 'flac')]);
  expect(first.status).toBe('fulfilled');
  expect(second.status === 'rejected' && second.reason instanceof TranscodeBusyError).toBe(true);
});

test('a copy whose source never answers is given up at the deadline, and the next request may try again', async () => {
  const fifo = join(dir, 'stalled.m4a');
  Bun.spawnSync(['mkfifo', fifo]);
  // Long enough for a real remux on a loaded machine; the stalled one waits it out.
  const store = fragmentedMp4Store(findFfmpeg(), dir, 1 << 24, { deadlineMs: 5000 });
  expect(await store(fifo, 'f'.repeat(64), 'm4a')).toBeNull();
  expect(await store(fixture('tone.m4a'), 'f'.repeat(64), 'm4a')).toBe(join(dir, `${'f'.repeat(64)}.mp4`));
});
