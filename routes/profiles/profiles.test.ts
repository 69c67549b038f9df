import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { NOT_ON_THIS_DEVICE, SIGN_IN_WITH_PASSWORD } from '../../src/services/accounts/profiles.ts';
import { PIN_NEEDED, WRONG_PIN } from '../../src/services/accounts/profile-pins.ts';
import type { ProfileList } from '../../src/shared/schemas/profiles.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
const ids: Record<string, number> = {};

/** One browser: keeps the cookies the server sets, as a tablet would. */
function device() {
  const jar = new Map<string, string>();
  const request = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await server.request(path, { ...init, cookie: cookie || undefined });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const gone = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (gone || pair!.slice(at + 1) === '') jar.delete(name);
      else jar.set(name, pair!.slice(at + 1));
    }
    return response;
  };
  return {
    jar,
    request,
    login: (username: string, password: string) => request('/api/login', { method: 'POST', json: { username, password } }),
    switchTo: (username: string, pin?: string) => request('/api/profiles/switch', { method: 'POST', json: { userId: ids[username], pin } }),
    whoAmI: async () => ((await (await request('/api/user')).json()) as { username: string }).username,
    profiles: async () => (await (await request('/api/profiles')).json()) as ProfileList,
  };
}

/** A tablet holding mum (admin, PIN 2468), dad (member, PIN 1357) and kid (no PIN), kid active. */
async function familyTablet() {
  const tablet = device();
  for (const name of ['mum', 'dad', 'kid']) expect((await tablet.login(name, `${name}-secret`)).status).toBe(200);
  return tablet;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.signUp('mum', { password: 'mum-secret', isAdmin: true });
  await server.signUp('dad', { password: 'dad-secret' });
  await server.signUp('kid', { password: 'kid-secret' });
  await server.signUp('gran', { password: 'gran-secret', isAdmin: true });
  for (const [name, pin] of [['mum', '2468'], ['dad', '1357']] as const) {
    const phone = device();
    await phone.login(name, `${name}-secret`);
    expect((await phone.request('/api/user/pin', { method: 'PUT', json: { password: `${name}-secret`, pin } })).status).toBe(200);
  }
  const users = (await (await server.request('/api/users', { cookie: await server.login('mum', 'mum-secret') })).json()) as { id: number; username: string }[];
  for (const user of users) ids[user.username] = user.id;
});
afterAll(() => server.stop());

describe('GET /api/profiles', () => {
  test('lists the profiles this browser signed in, what each asks, and the active one', async () => {
    const tablet = await familyTablet();
    expect(await tablet.profiles()).toEqual([
      { id: ids.mum!, username: 'mum', needs: 'pin', current: false },
      { id: ids.dad!, username: 'dad', needs: 'pin', current: false },
      { id: ids.kid!, username: 'kid', needs: 'nothing', current: true },
    ]);
    expect(await device().profiles()).toEqual([]);
  });

  test('the held-sessions cookie is HttpOnly, SameSite=Strict and sent to /api only', async () => {
    const response = await device().login('kid', 'kid-secret');
    const line = response.headers.getSetCookie().find((c) => c.startsWith('hearth_profiles='))!;
    expect(line).toContain('HttpOnly');
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toContain('Path=/api');
  });
});

describe('POST /api/profiles/switch', () => {
  test('to a child needs no PIN', async () => {
    const tablet = await familyTablet();
    expect((await tablet.switchTo('dad', '1357')).status).toBe(200);
    expect(await tablet.whoAmI()).toBe('dad');
    const response = await tablet.switchTo('kid');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { username: string }).username).toBe('kid');
    expect(await tablet.whoAmI()).toBe('kid');
    // The child is the child: no Settings, no family accounts, and a grown-up's PIN stays theirs.
    expect((await tablet.request('/api/settings')).status).toBe(403);
    expect((await tablet.request('/api/users')).status).toBe(403);
    expect((await tablet.request('/api/user/pin', { method: 'PUT', json: { password: 'dad-secret', pin: null } })).status).toBe(400);
    expect((await tablet.switchTo('dad')).status).toBe(403);
  });

  test('to a grown-up: no PIN and a wrong PIN are 403 and change nothing; the right PIN switches', async () => {
    const tablet = await familyTablet();
    const none = await tablet.switchTo('dad');
    expect(none.status).toBe(403);
    expect(await none.json()).toEqual({ error: PIN_NEEDED });
    const wrong = await tablet.switchTo('dad', '0000');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: WRONG_PIN });
    expect(await tablet.whoAmI()).toBe('kid');
    expect((await tablet.switchTo('dad', '1357')).status).toBe(200);
    expect(await tablet.whoAmI()).toBe('dad');
    // Another grown-up's PIN does not open mum's profile.
    expect((await tablet.switchTo('mum', '1357')).status).toBe(403);
    expect((await tablet.switchTo('mum', '2468')).status).toBe(200);
    expect(await tablet.whoAmI()).toBe('mum');
  });

  test('wrong PINs are rate-limited (429 with Retry-After), even with the right one after', async () => {
    const tablet = await familyTablet();
    for (let i = 0; i < 5; i++) expect((await tablet.switchTo('mum', '1111')).status).toBe(403);
    const limited = await tablet.switchTo('mum', '2468');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await tablet.whoAmI()).toBe('kid');
    server.advance(31 * 1000);
    expect((await tablet.switchTo('mum', '2468')).status).toBe(200);
  });

  test('a profile this browser does not hold is refused, whatever the PIN', async () => {
    const tablet = device();
    await tablet.login('kid', 'kid-secret');
    const response = await tablet.switchTo('dad', '1357');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: NOT_ON_THIS_DEVICE });
    expect(await tablet.whoAmI()).toBe('kid');
  });

  test("another browser's held-sessions cookie, or a forged one, holds nothing here", async () => {
    const parents = await familyTablet();
    const child = device();
    await child.login('kid', 'kid-secret');
    const [session, profiles] = [parents.jar.get('hearth_profiles')!, child.jar.get('hearth_profiles')!];
    const forged = `${session.split('.')[0]}.${profiles.split('.')[1]}`;
    child.jar.set('hearth_profiles', forged);
    expect((await child.switchTo('dad', '1357')).status).toBe(403);
    expect(await child.whoAmI()).toBe('kid');
  });

  test('an admin without a PIN cannot be switched to: they sign in with the password', async () => {
    const tablet = device();
    await tablet.login('gran', 'gran-secret');
    await tablet.login('kid', 'kid-secret');
    expect((await tablet.profiles()).find((p) => p.username === 'gran')?.needs).toBe('password');
    const response = await tablet.switchTo('gran', '1234');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: SIGN_IN_WITH_PASSWORD });
    expect(await tablet.whoAmI()).toBe('kid');
  });

  test('a cross-site switch is refused', async () => {
    const tablet = await familyTablet();
    const response = await tablet.request('/api/profiles/switch', {
      method: 'POST',
      json: { userId: ids.kid },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });
});

describe('signing one profile out', () => {
  test('ends that session only; the others stay held and switchable', async () => {
    const tablet = await familyTablet();
    expect((await tablet.request('/api/logout', { method: 'POST' })).status).toBe(204);
    expect((await tablet.request('/api/user')).status).toBe(401);
    expect((await tablet.profiles()).map((p) => [p.username, p.current])).toEqual([
      ['mum', false],
      ['dad', false],
    ]);
    expect((await tablet.switchTo('kid')).status).toBe(403);
    expect((await tablet.switchTo('dad', '1357')).status).toBe(200);
    expect(await tablet.whoAmI()).toBe('dad');
  });
});

describe('PUT /api/user/pin', () => {
  test('needs the password and 4 to 6 digits; null clears it', async () => {
    const phone = device();
    await phone.login('dad', 'dad-secret');
    const put = (json: unknown) => phone.request('/api/user/pin', { method: 'PUT', json });
    expect((await put({ password: 'wrong-one', pin: '9999' })).status).toBe(400);
    expect(await (await put({ password: 'dad-secret', pin: '12ab' })).json()).toEqual({ error: 'A PIN is 4 to 6 digits' });
    expect((await put({ password: 'dad-secret', pin: '1234567' })).status).toBe(400);
    expect(await (await phone.request('/api/user/pin')).json()).toEqual({ set: true });
    expect(await (await put({ password: 'dad-secret', pin: null })).json()).toEqual({ set: false });
    expect((await phone.profiles())[0]?.needs).toBe('nothing');
    expect(await (await put({ password: 'dad-secret', pin: '1357' })).json()).toEqual({ set: true });
  });

  test('a malformed PIN is refused before the password is weighed: typos never slow the sign-in', async () => {
    const phone = device();
    await phone.login('gran', 'gran-secret');
    for (let i = 0; i < 25; i += 1) {
      expect((await phone.request('/api/user/pin', { method: 'PUT', json: { password: 'gran-secret', pin: '12ab' } })).status).toBe(400);
    }
    expect((await device().login('gran', 'gran-secret')).status).toBe(200);
  });
});
