import { afterEach, expect, test } from 'bun:test';
import { gaplessSource } from './gapless-sources.ts';

const trim = { delay: 576, padding: 1431, sampleRate: 44_100 };
const song = (file: string, encoderTrim: typeof trim | null = trim) => ({ audioUrl: `/media/songs/s1/${file}`, duration: 1.5, encoderTrim });
const g = globalThis as { MediaSource?: unknown };
const had = g.MediaSource;

afterEach(() => {
  g.MediaSource = had;
});

/** A browser whose MSE takes these types (Chromium takes all three). */
const browserTaking = (...types: string[]) => (g.MediaSource = { isTypeSupported: (t: string) => types.includes(t) });

test('MP3 feeds as stored, AAC and FLAC as the fragmented copy; the delay is in seconds', () => {
  browserTaking('audio/mpeg', 'audio/mp4; codecs="mp4a.40.2"', 'audio/mp4; codecs="flac"');
  expect(gaplessSource(song('h.mp3'))).toEqual({ url: '/media/songs/s1/h.mp3', mime: 'audio/mpeg', delay: 576 / 44_100, length: 1.5 });
  expect(gaplessSource(song('h.m4a'))?.url).toBe('/media/songs/s1/h.m4a/fragments');
  expect(gaplessSource(song('h.flac'))).toMatchObject({ url: '/media/songs/s1/h.flac/fragments', mime: 'audio/mp4; codecs="flac"' });
});

test('no trim, another format, a codec the browser refuses or no MSE at all: the hand-over plays it', () => {
  browserTaking('audio/mpeg');
  expect(gaplessSource(song('h.mp3', null))).toBeNull();
  expect(gaplessSource(song('h.wav'))).toBeNull();
  expect(gaplessSource(song('h.flac'))).toBeNull();
  g.MediaSource = undefined;
  expect(gaplessSource(song('h.mp3'))).toBeNull();
});
