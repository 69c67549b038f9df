import { expect, test } from 'bun:test';
import { BULK_CHUNK, describeFailure, progressText, runChunked } from './chunked-bulk.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

test('sends chunks of 1,000 one after another, in order, reporting each chunk before it is sent', async () => {
  const sent: number[][] = [];
  const progress: string[] = [];
  let inFlight = 0;
  const result = await runChunked(
    ids(2500),
    async (chunk) => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      sent.push(chunk);
      inFlight -= 1;
    },
    (end, total) => progress.push(progressText('Publishing', end, total)),
  );
  expect(BULK_CHUNK).toBe(1000);
  expect(sent.map((c) => [c[0], c.at(-1), c.length])).toEqual([[1, 1000, 1000], [1001, 2000, 1000], [2001, 2500, 500]]);
  expect(progress).toEqual(['Publishing 1,000 of 2,500…', 'Publishing 2,000 of 2,500…', 'Publishing 2,500 of 2,500…']);
  expect(result).toEqual({ done: ids(2500), failed: [] });
});

test('a failed chunk names exactly its songs and message; the chunks around it stay done', async () => {
  const result = await runChunked(ids(5000), async (chunk) => {
    if (chunk[0] === 2001) throw new Error('Song not found: 99999');
  });
  expect(result.done.length).toBe(4000);
  expect(result.done).not.toContain(2001);
  expect(result.done).toContain(3001);
  expect(result.failed.map((f) => describeFailure(f, 5000))).toEqual(['Songs 2,001–3,000 failed: Song not found: 99999']);
  expect(result.failed[0]!.ids).toEqual(ids(3000).slice(2000));
});

test('several failures, a short last chunk, one song and a reason-less error are described', async () => {
  const result = await runChunked(ids(2001), async (chunk) => {
    if (chunk[0] !== 1001) throw chunk.length === 1 ? new Error('') : new Error('Server busy');
  });
  expect(result.failed.map((f) => describeFailure(f, 2001))).toEqual(['Songs 1–1,000 failed: Server busy', 'Song 2,001 failed: Request failed']);
  expect(result.done).toEqual(ids(2000).slice(1000));
});

test('no ids send nothing', async () => {
  let calls = 0;
  expect(await runChunked([], async () => void calls++)).toEqual({ done: [], failed: [] });
  expect(calls).toBe(0);
});

test('a selection that failed whole says so rather than numbering it', async () => {
  const refuse = async () => {
    throw new Error('Disk on fire');
  };
  expect((await runChunked(ids(12), refuse)).failed.map((f) => describeFailure(f, 12))).toEqual(['All 12 songs failed: Disk on fire']);
  expect((await runChunked(ids(1), refuse)).failed.map((f) => describeFailure(f, 1))).toEqual(['The song failed: Disk on fire']);
});
