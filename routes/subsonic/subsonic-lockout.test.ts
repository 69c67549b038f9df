import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { findUserByUsername } from '../../db/queries/users.ts';
import { appPasswordKey, checkToken, createAppPassword } from '../../src/services/accounts/app-passwords.ts';
import type { NewAppPasswordDto } from '../../src/shared/types.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

// Behind a reverse proxy the forwarded address is the client's: two addresses, one server.
let server: TestServer;
let mumPassword: string;
const ATTACKER = '198.51.100.66';
const MUMS_PHONE = '203.0.113.20';

const rest = (ip: string, query: Record<string, string>) =>
  server.request(`/rest/ping?${new URLSearchParams({ f: 'json', c: 'test', v: '1.16.1', ...query })}`, { headers: { 'x-forwarded-for': ip } });
const answer = async (response: Response) => ((await response.json()) as { 'subsonic-response': Record<string, any> })['subsonic-response'];
const token = (password: string, salt: string) => ({ t: createHash('md5').update(password + salt).digest('hex'), s: salt });

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  const cookie = await server.signUp('mum', { password: 'mum web password' });
  const created = await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Car' }, cookie });
  mumPassword = ((await created.json()) as NewAppPasswordDto).password;
  for (let i = 0; i < 10; i++) {
    const response = await rest(ATTACKER, { u: 'mum', p: `guess ${i}` });
    expect((await answer(response)).error.code).toBe(40);
  }
});
afterAll(() => server.stop());

describe('ten wrong app passwords for mum from one address', () => {
  test("mum's app password still works from her phone's address, by token and in clear", async () => {
    expect((await answer(await rest(MUMS_PHONE, { u: 'mum', ...token(mumPassword, 'phone1') }))).status).toBe('ok');
    expect((await answer(await rest(MUMS_PHONE, { u: 'mum', p: mumPassword }))).status).toBe('ok');
  });

  test("mum's web sign-in from a new browser elsewhere works", async () => {
    const web = await server.request('/api/login', {
      method: 'POST',
      json: { username: 'mum', password: 'mum web password' },
      headers: { 'x-forwarded-for': MUMS_PHONE },
    });
    expect(web.status).toBe(200);
  });

  test('the attacking address is held back, even when it guesses right', async () => {
    const next = await rest(ATTACKER, { u: 'mum', p: 'guess 11' });
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await answer(next)).toMatchObject({ status: 'failed', error: { code: 0, message: 'Too many failed logins. Please wait and try again.' } });
    expect((await rest(ATTACKER, { u: 'mum', p: mumPassword })).status).toBe(429);
  });

  test('wrong guesses for mum from other addresses wait too; her right one passes', async () => {
    const elsewhere = await rest('192.0.2.7', { u: 'mum', p: 'another guess' });
    expect(elsewhere.status).toBe(429);
    expect((await answer(elsewhere)).error.code).toBe(0);
    expect((await answer(await rest('192.0.2.7', { u: 'mum', ...token(mumPassword, 'tablet') }))).status).toBe('ok');
  });
});

describe('an unknown name', () => {
  test('is refused like a wrong password', async () => {
    expect((await answer(await rest('192.0.2.8', { u: 'nobody-here', p: 'guess' }))).error).toMatchObject({ code: 40, message: 'Wrong username or password' });
  });

  test('costs the same checks as a known one with an app password (against a decoy)', async () => {
    await server.signUp('dad');
    const db = server.db;
    const key = appPasswordKey('a key for this test');
    const dadId = findUserByUsername(db, 'dad')!.id;
    createAppPassword(db, key, dadId, 'Phone', Date.now());
    const timeOf = (userId: number | undefined, round: number) => {
      const started = performance.now();
      for (let i = 0; i < 10; i++) checkToken(db, key, userId, 'f'.repeat(32), `salt${round}-${i}`, Date.now());
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const [known, unknown]: [number[], number[]] = [[], []];
    // Interleaved, many rounds, medians: load on the machine moves both alike.
    for (let round = 0; round < 300; round++) {
      known.push(timeOf(dadId, round));
      unknown.push(timeOf(undefined, round));
    }
    expect(median(unknown) / median(known)).toBeGreaterThan(0.6);
  });
});
