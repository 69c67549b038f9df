import { afterEach, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { idleCollection } from './idle-collection.ts';

const QUIET_MS = 40;
let stop = () => {};
afterEach(() => stop());

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

function appCountingCollections(quietMs = QUIET_MS) {
  const state = { collections: 0 };
  const idle = idleCollection(quietMs, () => state.collections++);
  stop = idle.stop;
  const app = new Elysia().use(idle.plugin).get('/', () => 'ok');
  return { app, state };
}

test('collects once after start-up, and once again after each burst of requests once quiet', async () => {
  const { app, state } = appCountingCollections();
  await until(() => state.collections === 1, 'the start-up collection');
  for (let i = 0; i < 20; i++) expect(await (await app.handle(new Request('http://hearth.test/'))).text()).toBe('ok');
  await until(() => state.collections === 2, 'the collection after the burst');
  await app.handle(new Request('http://hearth.test/'));
  await until(() => state.collections === 3, 'the collection after the next request');
});

test('never collects while requests keep coming', async () => {
  // Quiet means a whole period without a request: one every few ms leaves none, even on a busy box.
  const quietMs = 250;
  const { app, state } = appCountingCollections(quietMs);
  await until(() => state.collections === 1, 'the start-up collection');
  const busyUntil = Date.now() + quietMs * 6;
  while (Date.now() < busyUntil) {
    await app.handle(new Request('http://hearth.test/'));
    await Bun.sleep(5);
  }
  expect(state.collections).toBe(1);
  await until(() => state.collections === 2, 'the collection once quiet');
});
