import { expect, test } from 'bun:test';
import { runEach } from './run-each.ts';

test('runs every item once, at most `limit` at once, reporting progress, and returns the failures', async () => {
  let running = 0;
  let peak = 0;
  const seen: number[] = [];
  const progress: number[] = [];
  const failed = await runEach(
    [1, 2, 3, 4, 5, 6, 7],
    async (n) => {
      running++;
      peak = Math.max(peak, running);
      await Promise.resolve();
      await new Promise((resolve) => setTimeout(resolve, 1));
      running--;
      seen.push(n);
      if (n % 3 === 0) throw new Error('refused');
    },
    3,
    (done) => progress.push(done),
  );
  expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(peak).toBe(3);
  expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(failed.sort()).toEqual([3, 6]);
});

test('nothing to do resolves at once with no failures', async () => {
  expect(await runEach([], async () => {}, 4)).toEqual([]);
});
