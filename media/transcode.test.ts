import { expect, test } from 'bun:test';
import { MAX_BUFFERED_TRANSCODE_BYTES, bufferForLength, estimatedBytes } from './transcode.ts';

test('a constant-bit-rate estimate: seconds × kbit/s ÷ 8', () => {
  expect(estimatedBytes(60, 128)).toBe(960_000);
});

test('estimateContentLength buffers only encodings up to 32 MiB; an hour at 128 kbit/s streams without a length', () => {
  expect(bufferForLength(false, 60, 128)).toBe(false);
  expect(bufferForLength(true, 4 * 60, 320)).toBe(true);
  const seconds = Math.floor((MAX_BUFFERED_TRANSCODE_BYTES * 8) / (128 * 1000));
  expect(bufferForLength(true, seconds, 128)).toBe(true);
  expect(bufferForLength(true, seconds + 1, 128)).toBe(false);
  expect(bufferForLength(true, 3600, 128)).toBe(false);
});
