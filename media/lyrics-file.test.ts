import { afterAll, describe, expect, test } from 'bun:test';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeLyricsBytes, readSidecarLyrics } from './lyrics-file.ts';
import { makeTempDir } from '../src/testing/server.ts';

const dir = makeTempDir('hearth-lrc-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decodeLyricsBytes', () => {
  const text = '[00:01.00]Café über';
  test('UTF-8, with or without a byte-order mark', () => {
    const utf8 = new TextEncoder().encode(text);
    expect(decodeLyricsBytes(utf8)).toBe(text);
    expect(decodeLyricsBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(text);
  });
  test('UTF-16 in either byte order, by its byte-order mark', () => {
    const le = new Uint8Array(Buffer.from(`\uFEFF${text}`, 'utf16le'));
    expect(decodeLyricsBytes(le)).toBe(text);
    const be = new Uint8Array(le.length);
    for (let i = 0; i < le.length; i += 2) (be[i] = le[i + 1]!), (be[i + 1] = le[i]!);
    expect(decodeLyricsBytes(be)).toBe(text);
  });
  test('Latin-1 / windows-1252 bytes (invalid UTF-8) are read as windows-1252', () => {
    expect(decodeLyricsBytes(new Uint8Array(Buffer.from(text, 'latin1')))).toBe(text);
    expect(decodeLyricsBytes(new Uint8Array([0x93, 0x68, 0x69, 0x94]))).toBe('\u201chi\u201d');
  });
});

test('readSidecarLyrics: the .lrc with the audio file name, or null', async () => {
  writeFileSync(join(dir, 'song.lrc'), '[00:01.00]Hello');
  expect(await readSidecarLyrics(join(dir, 'song.mp3'))).toBe('[00:01.00]Hello');
  expect(await readSidecarLyrics(join(dir, 'other.flac'))).toBeNull();
});
