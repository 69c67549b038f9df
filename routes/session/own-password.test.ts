import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.signUp('mum', { password: 'mum-secret', isAdmin: true });
});
afterAll(() => server.stop());

const change = (cookie: string | undefined, json: unknown) => server.request('/api/user/password', { method: 'PATCH', json, ...(cookie ? { cookie } : {}) });
const whoAmI = async (cookie: string) => (await server.request('/api/user', { cookie })).status;
const loginStatus = async (username: string, password: string) =>
  (await server.request('/api/login', { method: 'POST', json: { username, password } })).status;

describe('PATCH /api/user/password', () => {
  test('the right current password: 200, this session stays, the others are signed out, app passwords stay', async () => {
    const here = await server.signUp('anna', { password: 'first-secret' });
    const phone = await server.login('anna', 'first-secret');
    const laptop = await server.login('anna', 'first-secret');
    expect((await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Tablet' }, cookie: here })).status).toBe(201);

    const response = await change(here, { currentPassword: 'first-secret', newPassword: 'second-secret' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ username: 'anna', isAdmin: false });
    expect(await whoAmI(here)).toBe(200);
    expect(await whoAmI(phone)).toBe(401);
    expect(await whoAmI(laptop)).toBe(401);
    expect(await loginStatus('anna', 'first-secret')).toBe(401);
    expect(await loginStatus('anna', 'second-secret')).toBe(200);
    const kept = (await (await server.request('/api/app-passwords', { cookie: here })).json()) as { name: string }[];
    expect(kept.map((row) => row.name)).toEqual(['Tablet']);
  });

  test('a wrong current password is 400 with an error; nothing changes and no one is signed out', async () => {
    const here = await server.signUp('ben', { password: 'ben-secret' });
    const other = await server.login('ben', 'ben-secret');
    const response = await change(here, { currentPassword: 'not-it', newPassword: 'new-secret' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Your current password is not right' });
    expect(await whoAmI(here)).toBe(200);
    expect(await whoAmI(other)).toBe(200);
    expect(await loginStatus('ben', 'ben-secret')).toBe(200);
    expect(await loginStatus('ben', 'new-secret')).toBe(401);
  });

  test("the new password follows the sign-up rules, with the sign-up's texts", async () => {
    const here = await server.signUp('cara', { password: 'cara-secret' });
    const short = await change(here, { currentPassword: 'cara-secret', newPassword: '12345' });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: 'Password must be at least 6 characters' });
    const long = await change(here, { currentPassword: 'cara-secret', newPassword: 'x'.repeat(257) });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ error: 'Password must be at most 256 characters' });
    expect(await loginStatus('cara', 'cara-secret')).toBe(200);
  });

  test('signed out is 401; a malformed body is 400 with the expected shape', async () => {
    expect((await change(undefined, { currentPassword: 'mum-secret', newPassword: 'whatever1' })).status).toBe(401);
    const mum = await server.login('mum', 'mum-secret');
    for (const body of [{}, { currentPassword: 'mum-secret' }, { currentPassword: 1, newPassword: 'whatever1' }]) {
      const response = await change(mum, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Send your current password and a new password' });
    }
    expect(await loginStatus('mum', 'mum-secret')).toBe(200);
  });

  test('wrong guesses count like failed logins: after the free ones the answer is 429', async () => {
    const here = await server.signUp('dave', { password: 'dave-secret' });
    let status = 400;
    let tries = 0;
    while (status === 400 && tries < 30) {
      tries += 1;
      status = (await change(here, { currentPassword: `guess-${tries}`, newPassword: 'new-secret' })).status;
    }
    expect(status).toBe(429);
    expect(tries).toBe(11);
    expect((await change(here, { currentPassword: 'dave-secret', newPassword: 'new-secret' })).status).toBe(429);
  });

  test('guesses sent all at once are counted before they are checked: past the free ones they are 429', async () => {
    const here = await server.signUp('erin', { password: 'erin-secret' });
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => change(here, { currentPassword: `guess-${i}`, newPassword: 'new-secret' }).then((r) => r.status)),
    );
    // At most the username's ten free failures are checked (fewer: this file's other guesses came
    // from the same address); checked one by one after the count, all thirty would be.
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.length).toBe(30);
  });
});
