/**
 * Runs `task` for every item, at most `limit` at once, and reports progress; never rejects.
 * Resolves with the items whose task failed (spec §7 Delete All: one request per item).
 */
export async function runEach<T>(items: readonly T[], task: (item: T) => Promise<unknown>, limit: number, onProgress?: (done: number) => void): Promise<T[]> {
  const failed: T[] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch {
        failed.push(item);
      }
      onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return failed;
}
