/** An item whose work threw, with what it threw. */
export interface BoundedFailure<T> {
  item: T;
  error: unknown;
}

export interface BoundedRun<T> {
  /** In the order they failed. */
  failures: BoundedFailure<T>[];
  /** Items never started because `stopAfter` said stop. */
  skipped: T[];
}

export interface BoundedOptions {
  /** Called after each item, with how many have settled and how many there are. */
  onSettled?: (settled: number, total: number) => void;
  /** After a failure, true starts no further items (those in flight still finish). */
  stopAfter?: (error: unknown) => boolean;
}

/**
 * Runs `work` over `items` with at most `limit` at once, each item once: one request per item
 * (bulk assign, Delete All, keeping songs offline) without flooding the browser's connections
 * or the server's writer. Never rejects: failures are collected.
 */
export async function runBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>, options: BoundedOptions = {}): Promise<BoundedRun<T>> {
  const failures: BoundedFailure<T>[] = [];
  let next = 0;
  let settled = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failures.push({ item, error });
        if (options.stopAfter?.(error)) stopped = true;
      }
      options.onSettled?.(++settled, items.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return { failures, skipped: items.slice(next) };
}

/** The message of what a failed item threw, for a report. */
export const failureMessage = (error: unknown, fallback = 'Request failed') => (error instanceof Error && error.message ? error.message : fallback);
