import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { findUserByUsername, updateUser } from '../../../db/queries/users.ts';
import { TEST_HASH_COST, type TestServer, startTestServer } from '../../testing/server.ts';
import { ARGON2, HASH_SLOTS, hashPassword, needsRehash, setHashCostForTests, verifyPassword, withHashSlot } from './passwords.ts';

// The real cost here, whatever the test harness chose for the other tests (restored after).
beforeAll(() => setHashCostForTests(ARGON2));
afterAll(() => setHashCostForTests(TEST_HASH_COST));

describe('argon2id sized for a small board', () => {
  test("new hashes use OWASP's 19 MiB, 2-pass argon2id, and verify", async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$');
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
  });

  test("Bun's 64 MiB default and bcrypt hashes need a rehash", async () => {
    expect(needsRehash(await Bun.password.hash('x', { algorithm: 'argon2id' }))).toBe(true);
    expect(needsRehash(await Bun.password.hash('x', { algorithm: 'bcrypt', cost: 4 }))).toBe(true);
  });

  test(`at most ${HASH_SLOTS} hashes run at once; the others wait their turn`, async () => {
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const jobs = Array.from({ length: 8 }, (_, i) =>
      withHashSlot(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        order.push(i);
      }),
    );
    // Let each job that holds a slot finish, one at a time, until all are done.
    for (let done = 0; done < 8; done++) {
      while (releases.length === 0) await Promise.resolve();
      releases.shift()!();
      await Promise.resolve();
    }
    await Promise.all(jobs);
    expect(peak).toBe(HASH_SLOTS);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('old hashes are replaced at the next successful login', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.signUp('grandma', { password: 'knitting-needles' });
  });
  afterAll(() => server.stop());

  test('a 64 MiB hash becomes a 19 MiB one, and the password still works', async () => {
    const user = findUserByUsername(server.db, 'grandma')!;
    updateUser(server.db, user.id, { passwordHash: await Bun.password.hash('knitting-needles', { algorithm: 'argon2id' }) });
    const wrong = await server.request('/api/login', { method: 'POST', json: { username: 'grandma', password: 'wrong-needles' } });
    expect(wrong.status).toBe(401);
    expect(findUserByUsername(server.db, 'grandma')!.passwordHash).toStartWith('$argon2id$v=19$m=65536,');
    const right = await server.request('/api/login', { method: 'POST', json: { username: 'grandma', password: 'knitting-needles' } });
    expect(right.status).toBe(200);
    expect(findUserByUsername(server.db, 'grandma')!.passwordHash).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$');
    expect(await server.login('grandma', 'knitting-needles')).toStartWith('hearth_session=');
  });
});
