import { expect, test } from 'bun:test';
import { MAX_BUFFERED_TRANSCODE_BYTES, TranscodeBusyError, TranscodeSlots, TranscodeWaitTimeoutError, bufferForLength, estimatedBytes, inputArgs } from './transcode.ts';

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

test('past the limit, conversions wait their turn first come, first served', async () => {
  const slots = new TranscodeSlots(2, 8, 60_000);
  const first = await slots.acquire();
  const second = await slots.acquire();
  const started: string[] = [];
  const waiting = ['c', 'd', 'e'].map((name) => slots.acquire().then((release) => (started.push(name), release)));
  expect([slots.inUse, slots.queued]).toEqual([2, 3]);
  first();
  first(); // a second call frees nothing more
  const c = await waiting[0]!;
  expect(started).toEqual(['c']);
  second();
  c();
  const [, d, e] = await Promise.all(waiting);
  expect(started).toEqual(['c', 'd', 'e']);
  d!();
  e!();
  expect([slots.inUse, slots.queued]).toEqual([0, 0]);
});

test('a full queue is refused at once; a wait that runs out is refused with its own error', async () => {
  const slots = new TranscodeSlots(1, 1, 50);
  const running = await slots.acquire();
  const late = slots.acquire();
  const refused = slots.acquire();
  expect(refused).rejects.toBeInstanceOf(TranscodeBusyError);
  expect(await refused.catch((error: Error) => error.message)).toBe(
    'The server is already converting 1 songs with 1 more waiting, as many as it can take. Try again in a moment, or play the original quality.',
  );
  expect(await late.catch((error: Error) => error)).toBeInstanceOf(TranscodeWaitTimeoutError);
  expect(slots.queued).toBe(0);
  running();
  expect(slots.inUse).toBe(0);
});

test('a client that leaves while waiting gives up its place', async () => {
  const slots = new TranscodeSlots(1, 4, 60_000);
  const running = await slots.acquire();
  const leave = new AbortController();
  const gone = slots.acquire(leave.signal);
  const next = slots.acquire();
  leave.abort();
  expect(await gone.catch((error: Error) => error.name)).toBe('AbortError');
  running();
  (await next)();
  expect([slots.inUse, slots.queued]).toEqual([0, 0]);
});

test("a bucket's presigned link is read with reconnects; a file on disk as it is", () => {
  expect(inputArgs('https://bucket.example/audio/ab?X-Amz-Signature=1')).toEqual(['-reconnect', '1', '-reconnect_streamed', '1', '-reconnect_delay_max', '5', '-i', 'https://bucket.example/audio/ab?X-Amz-Signature=1']);
  expect(inputArgs('/srv/hearth/media/audio/ab/abc')).toEqual(['-i', '/srv/hearth/media/audio/ab/abc']);
});
