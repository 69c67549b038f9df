import { afterEach, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { type TestServer, makeTempDir, sessionCookieFrom, startTestServer } from '../../src/testing/server.ts';

const servers: TestServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer(env);
  servers.push(server);
  return server;
}

function login(server: TestServer, username: string, password: string, headers: Record<string, string> = {}) {
  return server.request('/api/login', { method: 'POST', json: { username, password }, headers });
}

/** The device cookie ("name=value") a successful login set. */
function deviceCookieFrom(response: Response): string {
  const line = response.headers.getSetCookie().find((c) => c.startsWith('hearth_device='));
  if (!line) throw new Error('no device cookie');
  return line.split(';')[0]!;
}

describe('parallel attempts', () => {
  test('300 simultaneous logins for one user from one address: at most 10 passwords are checked', async () => {
    const server = await start();
    await server.signUp('mum', { password: 'mum-secret', isAdmin: true });
    // The right password is among them, several times over: none may get past the limit.
    const attempts = Array.from({ length: 300 }, (_, i) => login(server, 'mum', i % 50 === 49 ? 'mum-secret' : `guess-${i}`));
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    const checked = statuses.filter((status) => status !== 429);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(290);
    expect(statuses.every((status) => status === 401 || status === 429 || status === 200)).toBe(true);
  });
});

describe('device cookies (OWASP)', () => {
  test('a browser that signed in within 30 days is not locked out by failures from elsewhere', async () => {
    const server = await start({ TRUST_PROXY: 'true' });
    await server.signUp('mum', { password: 'mum-secret', isAdmin: true });
    const first = await login(server, 'mum', 'mum-secret', { 'x-forwarded-for': '192.0.2.10' });
    const device = deviceCookieFrom(first);
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith('hearth_device='))!;
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Path=/api/login');

    // An attacker elsewhere: 40 wrong passwords for mum from many addresses.
    for (let i = 0; i < 40; i++) await login(server, 'mum', `guess-${i}`, { 'x-forwarded-for': `203.0.113.${i}` });
    const stranger = await login(server, 'mum', 'mum-secret', { 'x-forwarded-for': '198.51.100.1' });
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);

    // Mum's browser, even from the attacker's own address, still gets in.
    const mine = await login(server, 'mum', 'mum-secret', { cookie: device, 'x-forwarded-for': '203.0.113.1' });
    expect(mine.status).toBe(200);
    sessionCookieFrom(mine);

    // The device cookie names mum only: it does not open another account's lock.
    await server.signUp('kid', { password: 'kid-secret' });
    for (let i = 0; i < 12; i++) await login(server, 'kid', `guess-${i}`, { 'x-forwarded-for': `203.0.113.${100 + i}` });
    expect((await login(server, 'kid', 'kid-secret', { cookie: device, 'x-forwarded-for': '192.0.2.10' })).status).toBe(429);

    // After 30 days without signing in, the browser is a stranger again.
    server.advance(31 * 24 * 3600 * 1000);
    for (let i = 0; i < 40; i++) await login(server, 'mum', `guess-${i}`, { 'x-forwarded-for': `203.0.113.${i}` });
    expect((await login(server, 'mum', 'mum-secret', { cookie: device, 'x-forwarded-for': '192.0.2.10' })).status).toBe(429);
  });

  test('a trusted browser is slowed by its own failures, and a forged cookie is no cookie', async () => {
    const server = await start();
    await server.signUp('mum', { password: 'mum-secret', isAdmin: true });
    const device = deviceCookieFrom(await login(server, 'mum', 'mum-secret'));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(server, 'mum', `typo-${i}`, { cookie: device })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // Those failures were the device's own: without the cookie the address and name are still fresh.
    expect((await login(server, 'mum', 'mum-secret')).status).toBe(200);

    const forged = device.replace(/.{4}$/, 'AAAA');
    for (let i = 0; i < 10; i++) await login(server, 'mum', `guess-${i}`);
    expect((await login(server, 'mum', 'mum-secret', { cookie: forged })).status).toBe(429);
  });
});

test('a family computer: one browser stays trusted for each member who signed in on it', async () => {
  const server = await start({ TRUST_PROXY: 'true' });
  await server.signUp('mum', { password: 'mum-secret', isAdmin: true });
  await server.signUp('kid', { password: 'kid-secret' });
  const home = { 'x-forwarded-for': '192.0.2.10' };
  let device = deviceCookieFrom(await login(server, 'mum', 'mum-secret', home));
  device = deviceCookieFrom(await login(server, 'kid', 'kid-secret', { ...home, cookie: device }));
  for (const name of ['mum', 'kid']) {
    for (let i = 0; i < 12; i++) await login(server, name, `guess-${i}`, { 'x-forwarded-for': `203.0.113.${i}` });
  }
  expect((await login(server, 'mum', 'mum-secret', { ...home, cookie: device })).status).toBe(200);
  expect((await login(server, 'kid', 'kid-secret', { ...home, cookie: device })).status).toBe(200);
  expect((await login(server, 'kid', 'kid-secret', home)).status).toBe(429);
});

describe('exponential back-off', () => {
  test('after 10 failures each wait doubles from 5 s, up to 15 minutes, and never becomes a lock', async () => {
    const server = await start();
    await server.signUp('mum', { password: 'mum-secret', isAdmin: true });
    for (let i = 0; i < 10; i++) expect((await login(server, 'mum', `guess-${i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const blocked = await login(server, 'mum', 'another-guess');
      expect(blocked.status).toBe(429);
      const wait = Number(blocked.headers.get('retry-after'));
      waits.push(wait);
      server.advance(wait * 1000);
      expect((await login(server, 'mum', `late-guess-${i}`)).status).toBe(401);
    }
    expect(waits.slice(0, 8)).toEqual([5, 10, 20, 40, 80, 160, 320, 640]);
    expect(waits.at(-1)).toBe(900);
    // The owner, once the current wait is over, signs in: no fixed lock-out.
    server.advance(900 * 1000);
    expect((await login(server, 'mum', 'mum-secret')).status).toBe(200);
  });
});

describe('counters survive a restart', () => {
  test('login back-off, registrations and guest shares are counted in the database', async () => {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const first = await startTestServer({ DATA_DIR: dataDir });
    const mum = await first.signUp('mum', { password: 'mum-secret', isAdmin: true });
    await first.request('/api/settings', { method: 'PATCH', cookie: mum, json: { registrationOpen: true } });
    for (let i = 0; i < 10; i++) await login(first, 'mum', `guess-${i}`);
    for (let i = 0; i < 10; i++) {
      await first.request('/api/register', { method: 'POST', json: { username: `kid${i}`, password: 'kid-secret' } });
    }
    // Each guest share attempt counts as it arrives, even an empty one.
    for (let i = 0; i < 10; i++) await first.request('/api/temp-share', { method: 'POST', body: new FormData() });
    await first.stop();

    const second = await start({ DATA_DIR: dataDir });
    // Past the first 5 s wait: one more failure is the 11th, so the next attempt waits 10 s.
    second.advance(6_000);
    expect((await login(second, 'mum', 'guess-11')).status).toBe(401);
    const blocked = await login(second, 'mum', 'mum-secret');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('10');
    const register = await second.request('/api/register', { method: 'POST', json: { username: 'late', password: 'late-secret' } });
    expect(register.status).toBe(429);
    expect((await second.request('/api/temp-share', { method: 'POST', body: new FormData() })).status).toBe(429);
  });
});

test('one username is one counter, however it is spelled in Unicode (NFC and NFD)', async () => {
  const server = await start();
  await server.signUp('\u00e9mile', { password: 'emile-secret' });
  // Ten failures, alternating the composed and decomposed spellings of the same name.
  for (let i = 0; i < 10; i++) expect((await login(server, i % 2 ? 'e\u0301mile' : '\u00c9mile', `guess-${i}`)).status).toBe(401);
  expect((await login(server, 'e\u0301mile', 'one-more')).status).toBe(429);
});
