import { Elysia } from 'elysia';

/**
 * One full garbage collection once the server has been quiet for `quietMs` after start-up or
 * after requests: a family server idles most of the day, and what a burst of pages left behind
 * (rendering, list building) is otherwise kept until the next burst. Never while busy.
 */
export function idleCollection(quietMs: number, collect: () => void = () => Bun.gc(true)) {
  // Start-up counts as activity: its garbage (migrations, the build check) goes at the first quiet tick.
  let requests = 1;
  let seen = 0;
  let collectedAt = 0;
  const timer = setInterval(() => {
    if (requests !== seen) {
      seen = requests;
      return;
    }
    if (requests === collectedAt) return;
    collectedAt = requests;
    collect();
  }, quietMs);
  timer.unref();
  const plugin = new Elysia({ name: 'idle-collection' })
    .onRequest(() => {
      requests++;
    })
    .as('global');
  return { plugin, stop: () => clearInterval(timer) };
}
