import { expect, test } from 'bun:test';
import { chooseDelivery } from './media.ts';
import { Params } from './params.ts';

const flac = { format: 'flac' as const, fileSize: 30_000_000, duration: 240 }; // 1,000 kbit/s
const mp3At128 = { format: 'mp3' as const, fileSize: 3_840_000, duration: 240 }; // 128 kbit/s
const ask = (query: Record<string, string>) => new Params(new URLSearchParams(query));

test('the original unless a format or a lower rate is asked for and ffmpeg is there', () => {
  expect(chooseDelivery(flac, ask({}), true)).toEqual({ kind: 'original' });
  expect(chooseDelivery(flac, ask({ format: 'raw', maxBitRate: '64' }), true)).toEqual({ kind: 'original' });
  expect(chooseDelivery(flac, ask({ maxBitRate: '128' }), false)).toEqual({ kind: 'original' });
  expect(chooseDelivery(flac, ask({ format: 'flac' }), true)).toEqual({ kind: 'original' });
});

test('maxBitRate alone converts to mp3, rounded down to a standard rate and capped at 320', () => {
  expect(chooseDelivery(flac, ask({ maxBitRate: '128' }), true)).toEqual({ kind: 'transcode', format: 'mp3', kbps: 128 });
  expect(chooseDelivery(flac, ask({ maxBitRate: '100' }), true)).toEqual({ kind: 'transcode', format: 'mp3', kbps: 96 });
  expect(chooseDelivery(flac, ask({ maxBitRate: '5000' }), true)).toEqual({ kind: 'transcode', format: 'mp3', kbps: 320 });
  expect(chooseDelivery(flac, ask({ maxBitRate: '8' }), true)).toEqual({ kind: 'transcode', format: 'mp3', kbps: 32 });
  expect(chooseDelivery(flac, ask({ maxBitRate: '0' }), true)).toEqual({ kind: 'original' });
});

test('a named format at its default rate; a source already small enough is sent as it is', () => {
  expect(chooseDelivery(flac, ask({ format: 'opus' }), true)).toEqual({ kind: 'transcode', format: 'opus', kbps: 128 });
  expect(chooseDelivery(flac, ask({ format: 'mp3' }), true)).toEqual({ kind: 'transcode', format: 'mp3', kbps: 192 });
  expect(chooseDelivery(mp3At128, ask({ maxBitRate: '192' }), true)).toEqual({ kind: 'original' });
  expect(chooseDelivery(mp3At128, ask({ format: 'mp3', maxBitRate: '128' }), true)).toEqual({ kind: 'original' });
  expect(chooseDelivery(mp3At128, ask({ format: 'mp3', maxBitRate: '64' }), true)).toEqual({ kind: 'transcode', format: 'mp3', kbps: 64 });
  // Another format is converted even at a lower rate: the app asked for that format.
  expect(chooseDelivery(mp3At128, ask({ format: 'opus', maxBitRate: '192' }), true)).toEqual({ kind: 'transcode', format: 'opus', kbps: 192 });
});

test('a maxBitRate that is not a number is refused, not guessed', () => {
  expect(() => chooseDelivery(flac, ask({ maxBitRate: 'fast' }), true)).toThrow('Invalid maxBitRate');
});

test('replayGain=track|album converts with the gain capped by the peak, even a source small enough, at no more than its rate', () => {
  const loudness = { trackGain: 12, albumGain: 4, trackPeak: 0.1, albumPeak: 0.5 };
  expect(chooseDelivery({ ...flac, loudness }, ask({ format: 'mp3', replayGain: 'track' }), true)).toEqual({ kind: 'transcode', format: 'mp3', kbps: 192, gainDb: 12 });
  // Album gain with the album peak: 0.5 leaves 5.02 dB of headroom, more than the +4 asked.
  expect(chooseDelivery({ ...flac, loudness }, ask({ format: 'mp3', replayGain: 'album' }), true)).toEqual({ kind: 'transcode', format: 'mp3', kbps: 192, gainDb: 4 });
  // A boost past the peak's headroom is cut down to it (-1 dBFS), as in the web player.
  expect(chooseDelivery({ ...flac, loudness: { trackGain: 9, trackPeak: 0.5 } }, ask({ format: 'opus', replayGain: 'track' }), true)).toEqual({ kind: 'transcode', format: 'opus', kbps: 128, gainDb: 5.02 });
  expect(chooseDelivery({ ...mp3At128, loudness }, ask({ maxBitRate: '192', replayGain: 'track' }), true)).toEqual({ kind: 'transcode', format: 'mp3', kbps: 128, gainDb: 12 });
  // No gain known, gain asked without a conversion, or raw: as before.
  expect(chooseDelivery({ ...mp3At128, loudness: {} }, ask({ maxBitRate: '192', replayGain: 'track' }), true)).toEqual({ kind: 'original' });
  expect(chooseDelivery({ ...flac, loudness }, ask({ replayGain: 'track' }), true)).toEqual({ kind: 'original' });
  expect(chooseDelivery({ ...flac, loudness }, ask({ format: 'raw', replayGain: 'track' }), true)).toEqual({ kind: 'original' });
  expect(() => chooseDelivery(flac, ask({ replayGain: 'on' }), true)).toThrow('Invalid replayGain');
});
