import type { Job, JobDeps } from './job.ts';

/**
 * Runs each job now (or `firstRunAfterMs` from now) and then on its interval until `signal`
 * aborts. A job never overlaps itself, and a failing run is logged without stopping the others.
 * Returns a promise that settles when the in-flight runs have finished after abort.
 */
export function startJobs(jobs: Job[], deps: JobDeps, signal: AbortSignal, firstRunAfterMs = 0): () => Promise<void> {
  const running = new Set<Promise<void>>();

  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (busy || signal.aborted) return;
      busy = true;
      const run = (async () => {
        try {
          await job.run(deps, signal);
        } catch (error) {
          deps.log.error(`Job ${job.name} failed`, error);
        } finally {
          busy = false;
        }
      })();
      running.add(run);
      void run.finally(() => running.delete(run));
    };
    const timer = setInterval(tick, job.everyMs);
    const first = firstRunAfterMs > 0 ? setTimeout(tick, firstRunAfterMs) : null;
    signal.addEventListener('abort', () => (clearInterval(timer), first && clearTimeout(first)), { once: true });
    if (!first) tick();
  }

  return async () => {
    await Promise.allSettled([...running]);
  };
}
