import { describe, expect, test } from 'bun:test';
import type { AudioFormat } from '../src/shared/audio-formats.ts';
import { type ByteReader, fileReader, sniffAudio } from './sniff.ts';
import { fixture, fixtureBytes } from './test-helpers.ts';

const bytesReader = (bytes: Uint8Array): ByteReader => async (offset, length) => bytes.subarray(offset, offset + length);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) out.set(part, (at += part.length) - part.length);
  return out;
};
const text = (value: string) => new TextEncoder().encode(value);
/** An ID3v2 header of `version` whose body is `size` zero bytes (padding only: an empty tag). */
const id3 = (version: number, size: number) =>
  concat(new Uint8Array([0x49, 0x44, 0x33, version, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]), new Uint8Array(size));

describe('sniffAudio probes as a player does', () => {
  test.each([
    ['padded.mp3', 'mp3'], // ID3v2.4, then 4 KB of zeros before the first frame
    ['empty-tag.mp3', 'mp3'], // an empty ID3v2.3 tag, then padding
    ['short.mp3', 'mp3'], // 0.24 s of MPEG-2.5 after leading zeros
    ['flac.oga', 'ogg'], // FLAC inside Ogg
    ['plain.mp3', 'mp3'],
    ['tagged.mp3', 'mp3'],
    ['truncated.mp3', 'mp3'],
    ['tone.m4a', 'm4a'],
    ['tone.aac', 'aac'],
    ['tone.opus', 'opus'],
    ['tone.ogg', 'ogg'],
    ['tone.flac', 'flac'],
    ['tone.wav', 'wav'],
  ] as [string, AudioFormat][])('%s is %s', async (name, format) => {
    expect(await sniffAudio(fileReader(fixture(name)))).toBe(format);
  });

  test.each([2, 3, 4])('an ID3v2.%d tag of any size, or two in a row, is skipped', async (version) => {
    const frames = await fixtureBytes('plain.mp3');
    expect(await sniffAudio(bytesReader(concat(id3(version, 70_000), frames)))).toBe('mp3');
    expect(await sniffAudio(bytesReader(concat(id3(version, 0), id3(4, 300), new Uint8Array(9000), frames)))).toBe('mp3');
  });

  test('a frame sync is looked for within a bounded window after the tag, not beyond', async () => {
    const frames = await fixtureBytes('plain.mp3');
    const junk = (n: number) => new Uint8Array(n).fill(0x20);
    expect(await sniffAudio(bytesReader(concat(id3(3, 10), junk(5000), frames)))).toBe('mp3');
    expect(await sniffAudio(bytesReader(concat(id3(3, 10), junk(70 * 1024), frames)))).toBeNull();
  });

  test.each(['fake.mp3', 'image.svg', 'cover.png', 'make-fixtures.sh'])('%s is still not audio', async (name) => {
    expect(await sniffAudio(fileReader(fixture(name)))).toBeNull();
  });

  test('what is not audio stays refused behind a tag, padding or a stray sync', async () => {
    const html = await fixtureBytes('fake.mp3');
    const png = await fixtureBytes('cover.png');
    const oneFrameHeader = (await fixtureBytes('plain.mp3')).subarray(0, 4);
    expect(await sniffAudio(bytesReader(concat(id3(4, 100), new Uint8Array(3000), html)))).toBeNull();
    expect(await sniffAudio(bytesReader(concat(id3(3, 0), png)))).toBeNull();
    // One valid-looking header amid noise is not a stream: a player needs frames in a row.
    const noise = new Uint8Array(20_000).map((_, i) => (i * 7919) % 251);
    expect(await sniffAudio(bytesReader(concat(id3(3, 0), noise.subarray(0, 999), oneFrameHeader, noise)))).toBeNull();
    expect(await sniffAudio(bytesReader(concat(oneFrameHeader, noise)))).toBeNull();
    expect(await sniffAudio(bytesReader(new Uint8Array(5000)))).toBeNull();
    expect(await sniffAudio(bytesReader(new Uint8Array(0)))).toBeNull();
  });

  test('an Ogg stream of another codec (Speex, Theora video) is not audio we serve', async () => {
    const page = (packet: string) => concat(text('OggS'), new Uint8Array(22), new Uint8Array([1, packet.length]), text(packet));
    expect(await sniffAudio(bytesReader(page('Speex   1.2'.padEnd(80, '\0'))))).toBeNull();
    expect(await sniffAudio(bytesReader(page('\x80theora'.padEnd(42, '\0'))))).toBeNull();
    expect(await sniffAudio(bytesReader(page('\x7fFLAC\x01\x00'.padEnd(51, '\0'))))).toBe('ogg');
  });
});
