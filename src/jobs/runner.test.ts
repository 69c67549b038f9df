import { describe, expect, test } from 'bun:test';
import { parseConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { startTestServer } from '../testing/server.ts';
import type { Job } from './job.ts';
import { startJobs } from './runner.ts';
import { sessionCleanupJob } from './session-cleanup.ts';

describe('startJobs', () => {
  test('runs each job at once and on its interval, survives failures, stops on abort', async () => {
    const server = await startTestServer();
    const runs: string[] = [];
    const jobs: Job[] = [
      { name: 'ok', everyMs: 20, run: () => void runs.push('ok') },
      {
        name: 'boom',
        everyMs: 20,
        run: () => {
          runs.push('boom');
          throw new Error('expected failure');
        },
      },
    ];
    const abort = new AbortController();
    const deps = { db: server.db, config: parseConfig({}), storage: server.storage, log: createLogger('silent'), now: Date.now };
    const done = startJobs(jobs, deps, abort.signal);
    expect(runs).toEqual(['ok', 'boom']);
    // Each job's timer runs on its own: wait until both ran three times (a failing job that
    // stopped its timer would never get there, and the test times out).
    const ran = (name: string) => runs.filter((r) => r === name).length;
    while (ran('ok') < 3 || ran('boom') < 3) await Bun.sleep(5);
    abort.abort();
    await done();
    const count = runs.length;
    await Bun.sleep(60);
    expect(runs.length).toBe(count);
    expect(ran('boom')).toBeGreaterThanOrEqual(3);
    await server.stop();
  });

  test('a first run put off by firstRunAfterMs comes that much later; an abort before it cancels it', async () => {
    const server = await startTestServer();
    const runs: number[] = [];
    const abort = new AbortController();
    const deps = { db: server.db, config: parseConfig({}), storage: server.storage, log: createLogger('silent'), now: Date.now };
    const started = performance.now();
    const done = startJobs([{ name: 'later', everyMs: 60_000, run: () => void runs.push(performance.now() - started) }], deps, abort.signal, 50);
    expect(runs).toEqual([]);
    while (runs.length === 0) await Bun.sleep(5);
    expect(runs[0]!).toBeGreaterThanOrEqual(45);
    abort.abort();
    await done();
    // An abort before the put-off run cancels it.
    const none: number[] = [];
    const early = new AbortController();
    const stopped = startJobs([{ name: 'never', everyMs: 60_000, run: () => void none.push(1) }], deps, early.signal, 30);
    early.abort();
    await stopped();
    await Bun.sleep(60);
    expect(none).toEqual([]);
    await server.stop();
  });

  test('a slow job never overlaps itself', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const abort = new AbortController();
    const slow: Job = {
      name: 'slow',
      everyMs: 5,
      async run() {
        active++;
        runs++;
        maxActive = Math.max(maxActive, active);
        await Bun.sleep(30);
        active--;
      },
    };
    const done = startJobs([slow], { db: undefined as never, config: parseConfig({}), storage: undefined as never, log: createLogger('silent'), now: Date.now }, abort.signal);
    while (runs < 3) await Bun.sleep(5);
    abort.abort();
    await done();
    expect(maxActive).toBe(1);
  });
});

describe('session cleanup job', () => {
  test('removes sessions only once they have expired', async () => {
    const server = await startTestServer();
    const cookie = await server.signUp('kid');
    const count = () => server.db.$client.query('SELECT count(*) AS n FROM sessions').get() as { n: number };
    const deps = { db: server.db, config: server.config, storage: server.storage, log: createLogger('silent'), now: server.now };
    await sessionCleanupJob.run(deps, new AbortController().signal);
    expect(count().n).toBe(1);
    server.advance(31 * 24 * 3600 * 1000);
    await sessionCleanupJob.run(deps, new AbortController().signal);
    expect(count().n).toBe(0);
    expect((await server.request('/api/user', { cookie })).status).toBe(401);
    await server.stop();
  });

  test('forgets login attempt counters a day after the last attempt', async () => {
    const server = await startTestServer();
    const count = () => server.db.$client.query('SELECT count(*) AS n FROM rate_limits').get() as { n: number };
    const deps = { db: server.db, config: server.config, storage: server.storage, log: createLogger('silent'), now: server.now };
    await server.request('/api/login', { method: 'POST', json: { username: 'nobody', password: 'wrong-password' } });
    await sessionCleanupJob.run(deps, new AbortController().signal);
    expect(count().n).toBe(2); // the username's and the address's
    server.advance(25 * 3600 * 1000);
    await sessionCleanupJob.run(deps, new AbortController().signal);
    expect(count().n).toBe(0);
    await server.stop();
  });
});
