import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { CONFUSABLE_USERNAME } from '../../src/services/names/usernames.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('admin', { password: 'admin-secret', isAdmin: true });
  await server.request('/api/settings', { method: 'PATCH', cookie: admin, json: { registrationOpen: true } });
});
afterAll(() => server.stop());

const register = (username: string) => server.request('/api/register', { method: 'POST', json: { username, password: 'look-alike-1' } });
const addAccount = (username: string) => server.request('/api/users', { method: 'POST', cookie: admin, json: { username, password: 'look-alike-1' } });

describe('look-alikes of "admin"', () => {
  for (const [name, label] of [
    ['ａｄｍｉｎ', 'fullwidth letters'],
    ['admi\u0307n', 'an i with a combining dot above'],
    ['ADMİN', 'a capital I with a dot'],
  ] as const) {
    test(`${label}: refused at sign-up and in Settings with 409`, async () => {
      const signUp = await register(name);
      expect(signUp.status).toBe(409);
      expect(await signUp.json()).toEqual({ error: CONFUSABLE_USERNAME });
      const added = await addAccount(name);
      expect(added.status).toBe(409);
      expect(await added.json()).toEqual({ error: CONFUSABLE_USERNAME });
    });
  }

  test('a name that resembles no one still registers, fullwidth or not', async () => {
    expect((await register('ｇｒａｎ')).status).toBe(200);
    expect((await register('gran')).status).toBe(409);
  });
});
