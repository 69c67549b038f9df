import { expect, test } from 'bun:test';
import { failureMessage, runBounded } from './run-bounded.ts';

/** Work whose items finish when the test says, so the number in flight is exact. */
function controlledWork() {
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let inFlight = 0;
  let most = 0;
  const work = (item: number) =>
    new Promise<void>((resolve, reject) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      const done = () => (inFlight -= 1);
      pending.set(item, { resolve: () => (done(), resolve()), reject: (error) => (done(), reject(error)) });
    });
  const settle = async (item: number, error?: Error) => {
    const entry = pending.get(item)!;
    pending.delete(item);
    if (error) entry.reject(error);
    else entry.resolve();
    // Let the worker take its next item.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { work, settle, started: () => [...pending.keys()], most: () => most };
}

test('at most `limit` at once, every item once, progress per item, failures with what they threw', async () => {
  const { work, settle, started, most } = controlledWork();
  const progress: [number, number][] = [];
  const run = runBounded([1, 2, 3, 4, 5, 6, 7], 3, work, { onSettled: (settled, total) => progress.push([settled, total]) });
  expect(started()).toEqual([1, 2, 3]);
  await settle(2);
  expect(started()).toEqual([1, 3, 4]);
  await settle(1, new Error('refused 1'));
  for (const item of [3, 4, 5, 6]) await settle(item, item === 6 ? new Error('refused 6') : undefined);
  expect(started()).toEqual([7]);
  await settle(7);
  const result = await run;
  expect(most()).toBe(3);
  expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => [n, 7]));
  expect(result.failures.map((f) => [f.item, failureMessage(f.error)])).toEqual([[1, 'refused 1'], [6, 'refused 6']]);
  expect(result.skipped).toEqual([]);
});

test('stopAfter: a failure that says stop starts nothing more; what was in flight finishes; the rest is skipped', async () => {
  const { work, settle, started } = controlledWork();
  const run = runBounded([1, 2, 3, 4, 5], 2, work, { stopAfter: (error) => error instanceof Error && error.message === 'full' });
  await settle(1, new Error('one bad song'));
  expect(started()).toEqual([2, 3]);
  await settle(3, new Error('full'));
  expect(started()).toEqual([2]);
  await settle(2);
  const result = await run;
  expect(result.failures.map((f) => f.item)).toEqual([1, 3]);
  expect(result.skipped).toEqual([4, 5]);
});

test('fewer items than the limit, and none at all', async () => {
  expect(await runBounded([1], 6, async () => {})).toEqual({ failures: [], skipped: [] });
  expect(await runBounded([], 6, async () => {})).toEqual({ failures: [], skipped: [] });
  expect(failureMessage(new Error(''))).toBe('Request failed');
  expect(failureMessage('text', 'Fallback')).toBe('Fallback');
});
