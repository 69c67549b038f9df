import { expect, test } from 'bun:test';
import { runBounded } from './bounded-pool.ts';

test('never more than the limit at once; every item runs once; failures are collected with their reason', async () => {
  let inFlight = 0;
  let most = 0;
  const seen: number[] = [];
  const settled: number[] = [];
  const items = Array.from({ length: 40 }, (_, i) => i);
  const failures = await runBounded(
    items,
    6,
    async (item) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, (item * 7) % 5));
      inFlight -= 1;
      seen.push(item);
      if (item % 10 === 3) throw new Error(`no ${item}`);
    },
    (n) => settled.push(n),
  );
  expect(most).toBe(6);
  expect(seen.sort((a, b) => a - b)).toEqual(items);
  expect(settled).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  expect(failures.map((f) => [f.item, f.message]).sort()).toEqual([[13, 'no 13'], [23, 'no 23'], [3, 'no 3'], [33, 'no 33']]);
});

test('fewer items than the limit, and none at all', async () => {
  expect(await runBounded([1], 6, async () => {})).toEqual([]);
  expect(await runBounded([], 6, async () => {})).toEqual([]);
});
