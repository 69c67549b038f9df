/** An item that failed in `runBounded`, with its reason. */
export interface ItemFailure<T> {
  item: T;
  message: string;
}

/**
 * Runs `work` over `items` with at most `limit` at once (spec §7 bulk assign is one PATCH per
 * song: thousands at once would flood the browser's connection pool and the server's writer).
 * `onSettled(settled, total)` follows progress; failures are collected, never thrown.
 */
export async function runBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<unknown>,
  onSettled: (settled: number, total: number) => void = () => {},
): Promise<ItemFailure<T>[]> {
  const failures: ItemFailure<T>[] = [];
  let next = 0;
  let settled = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failures.push({ item, message: error instanceof Error && error.message ? error.message : 'Request failed' });
      }
      onSettled(++settled, items.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return failures;
}
