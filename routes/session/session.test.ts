import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type TestServer, sessionCookieFrom, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.signUp('mum', { password: 'mum-secret', isAdmin: true });
  await server.signUp('kid', { password: 'kid-secret' });
});
afterAll(() => server.stop());

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  server.request('/api/login', { method: 'POST', json: { username, password }, headers });

describe('GET /api/user', () => {
  test('signed out is 401 with a JSON error', async () => {
    const response = await server.request('/api/user');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'You need to sign in first' });
  });

  test('signed in returns the user without password data', async () => {
    const cookie = await server.login('kid', 'kid-secret');
    const response = await server.request('/api/user', { cookie });
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toEqual({ id: expect.any(Number), username: 'kid', isAdmin: false, displayPreference: 'nothing' });
  });
});

describe('POST /api/login', () => {
  test('sets an HttpOnly, SameSite=Lax session cookie and returns the user', async () => {
    const response = await login('Mum', 'mum-secret');
    expect(response.status).toBe(200);
    expect((await response.json()).username).toBe('mum');
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('hearth_session='))!;
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toContain('Secure');
    expect(setCookie).toContain('Path=/');
  });

  test('wrong password and unknown user get the same answer', async () => {
    const wrong = await login('kid', 'not-the-password', { 'x-forwarded-for': '10.0.0.1' });
    const unknown = await login('nobody', 'not-the-password', { 'x-forwarded-for': '10.0.0.2' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  test('short username and password get the documented texts', async () => {
    const shortName = await login('ab', 'long-enough');
    expect(shortName.status).toBe(400);
    expect(await shortName.json()).toEqual({ error: 'Username must be at least 3 characters' });
    const shortPassword = await login('kid', '12345');
    expect(shortPassword.status).toBe(400);
    expect(await shortPassword.json()).toEqual({ error: 'Password must be at least 6 characters' });
  });

  test('malformed JSON is 400 with a JSON error, not a stack trace', async () => {
    const response = await server.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": "kid", ',
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toEqual({ error: 'The request body is not valid JSON' });
  });

  test('a missing field is 400', async () => {
    const response = await server.request('/api/login', { method: 'POST', json: { username: 'kid' } });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('Username and password are required');
  });
});

describe('cookies', () => {
  test('a tampered cookie is signed out (401), never 400 or 500', async () => {
    const cookie = await server.login('kid', 'kid-secret');
    const [name, token] = cookie.split('=') as [string, string];
    const parts = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sid: 'x'.repeat(43) })).toString('base64url');
    for (const bad of [
      `${name}=${parts[0]}.${forgedPayload}.${parts[2]}`,
      `${name}=${token.slice(0, -2)}AA`,
      `${name}=not-a-jwt`,
      `${name}=${'%'.repeat(10)}`,
      `${name}=${'a'.repeat(5000)}`,
    ]) {
      const response = await server.request('/api/user', { cookie: bad });
      expect(response.status).toBe(401);
    }
  });

  test('the cookie is Secure when Hearth is served over https', async () => {
    const envs: Record<string, string>[] = [{ PUBLIC_URL: 'https://music.example.org' }, { TRUST_PROXY: 'true' }];
    for (const env of envs) {
      const https = await startTestServer(env);
      try {
        await https.signUp('kid', { password: 'kid-secret' });
        const response = await https.request('/api/login', {
          method: 'POST',
          json: { username: 'kid', password: 'kid-secret' },
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(response.headers.getSetCookie().find((c) => c.startsWith('hearth_session='))).toContain('Secure');
      } finally {
        await https.stop();
      }
    }
  });

  test('a token signed with another key is refused', async () => {
    const other = await startTestServer();
    try {
      await other.signUp('kid', { password: 'kid-secret' });
      const foreign = await other.login('kid', 'kid-secret');
      expect((await server.request('/api/user', { cookie: foreign })).status).toBe(401);
    } finally {
      await other.stop();
    }
  });

  test('logout revokes the session: the same cookie replayed is 401', async () => {
    const cookie = await server.login('kid', 'kid-secret');
    expect((await server.request('/api/user', { cookie })).status).toBe(200);
    const logout = await server.request('/api/logout', { method: 'POST', cookie });
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie().join()).toMatch(/hearth_session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await server.request('/api/user', { cookie })).status).toBe(401);
  });

  test('logout without a session still answers 204', async () => {
    expect((await server.request('/api/logout', { method: 'POST' })).status).toBe(204);
  });

  test('an expired session is signed out, a used one slides', async () => {
    const cookie = await server.login('kid', 'kid-secret');
    server.advance(20 * 24 * 3600 * 1000);
    const used = await server.request('/api/user', { cookie });
    expect(used.status).toBe(200);
    expect(used.headers.getSetCookie().some((c) => c.startsWith('hearth_session='))).toBe(true);
    server.advance(20 * 24 * 3600 * 1000); // 40 days after login, 20 after last use
    expect((await server.request('/api/user', { cookie })).status).toBe(200);
    server.advance(31 * 24 * 3600 * 1000);
    expect((await server.request('/api/user', { cookie })).status).toBe(401);
  });
});

describe('rate limiting', () => {
  test('30 rapid bad logins end in 429 with Retry-After, then the account is still safe', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 30; i++) {
      const response = await login('mum', `wrong-password-${i}`);
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Even the right password waits until the window passes.
    expect((await login('mum', 'mum-secret')).status).toBe(429);
    server.advance(16 * 60 * 1000);
    expect((await login('mum', 'mum-secret')).status).toBe(200);
  });

  test('X-Forwarded-For does not reset the per-address limit without TRUST_PROXY', async () => {
    const local = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const response = await local.request('/api/login', {
          method: 'POST',
          json: { username: `user${i}`, password: 'wrong-password' },
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        statuses.push(response.status);
      }
      expect(statuses.filter((s) => s === 429).length).toBe(5);
    } finally {
      await local.stop();
    }
  });

  test('with TRUST_PROXY the forwarded address is the key', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: 'true' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const response = await proxied.request('/api/login', {
          method: 'POST',
          json: { username: `user${i}`, password: 'wrong-password' },
          headers: { 'x-forwarded-for': `198.51.100.7, 203.0.113.${i}` },
        });
        statuses.push(response.status);
      }
      expect(statuses.every((s) => s === 401)).toBe(true);
    } finally {
      await proxied.stop();
    }
  });
});

describe('cross-origin requests', () => {
  test('a state-changing request from another origin is 403', async () => {
    const cookie = await server.login('kid', 'kid-secret');
    const response = await server.request('/api/user/display-preference', {
      method: 'PATCH',
      cookie,
      json: { displayPreference: 'artist' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Cross-site requests are not allowed' });
    const viaReferer = await server.request('/api/logout', {
      method: 'POST',
      cookie,
      headers: { referer: 'https://evil.example/page' },
    });
    expect(viaReferer.status).toBe(403);
    expect((await server.request('/api/user', { cookie })).status).toBe(200);
  });

  test('a preference change that names no preference is refused and changes nothing', async () => {
    const cookie = await server.login('kid', 'kid-secret');
    const before = (await (await server.request('/api/user', { cookie })).json()) as { displayPreference: string };
    const response = await server.request('/api/user/display-preference', { method: 'PATCH', cookie, json: {}, headers: { origin: server.url } });
    expect(response.status).toBe(400);
    expect(typeof ((await response.json()) as { error: unknown }).error).toBe('string');
    expect(((await (await server.request('/api/user', { cookie })).json()) as { displayPreference: string }).displayPreference).toBe(before.displayPreference);
  });

  test('the same origin passes', async () => {
    const cookie = await server.login('kid', 'kid-secret');
    const response = await server.request('/api/user/display-preference', {
      method: 'PATCH',
      cookie,
      json: { displayPreference: 'album' },
      headers: { origin: server.url },
    });
    expect(response.status).toBe(200);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  // nginx's usual set-up: `proxy_set_header X-Forwarded-Host $host` names the host without a port.
  test('X-Forwarded-Host without a port passes the Origin check; another site still does not', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: 'true' });
    try {
      await proxied.signUp('kid', { password: 'kid-secret' });
      const viaProxy = (origin: string, headers: Record<string, string> = {}) =>
        proxied.request('/api/login', {
          method: 'POST',
          json: { username: 'kid', password: 'kid-secret' },
          headers: { origin, 'x-forwarded-host': 'music.example.org', 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7', ...headers },
        });
      expect((await viaProxy('https://music.example.org')).status).toBe(200);
      expect((await viaProxy('https://music.example.org:8443', { 'x-forwarded-port': '8443' })).status).toBe(200);
      expect((await viaProxy('http://music.example.org', { 'x-forwarded-proto': 'http' })).status).toBe(200);
      expect((await viaProxy('https://evil.example')).status).toBe(403);
      expect((await viaProxy('https://music.example.org:3000')).status).toBe(403);
    } finally {
      await proxied.stop();
    }
  });
});

describe('PATCH /api/user/display-preference', () => {
  test('stores each of the four values and returns the user', async () => {
    const cookie = await server.login('kid', 'kid-secret');
    for (const value of ['artist', 'album', 'artist-album', 'nothing']) {
      const response = await server.request('/api/user/display-preference', {
        method: 'PATCH',
        cookie,
        json: { displayPreference: value },
      });
      expect(response.status).toBe(200);
      expect((await response.json()).displayPreference).toBe(value);
      expect((await (await server.request('/api/user', { cookie })).json()).displayPreference).toBe(value);
    }
  });

  test('an unknown value is 400 and changes nothing; signed out is 401', async () => {
    const cookie = await server.login('kid', 'kid-secret');
    const bad = await server.request('/api/user/display-preference', {
      method: 'PATCH',
      cookie,
      json: { displayPreference: 'everything' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain('displayPreference must be one of');
    const anonymous = await server.request('/api/user/display-preference', {
      method: 'PATCH',
      json: { displayPreference: 'artist' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/register', () => {
  const register = (username: string, password: string, cookie?: string) =>
    server.request('/api/register', { method: 'POST', json: { username, password }, ...(cookie ? { cookie } : {}) });

  test('is closed by default (403)', async () => {
    const response = await register('newkid', 'newkid-secret');
    expect(response.status).toBe(403);
    expect((await response.json()).error).toContain('Registration is closed');
  });

  test('only an admin may open it; a registration never makes an admin', async () => {
    const kid = await server.login('kid', 'kid-secret');
    const denied = await server.request('/api/settings', { method: 'PATCH', cookie: kid, json: { registrationOpen: true } });
    expect(denied.status).toBe(403);
    const mum = await server.login('mum', 'mum-secret');
    const opened = await server.request('/api/settings', { method: 'PATCH', cookie: mum, json: { registrationOpen: true } });
    expect(await opened.json()).toMatchObject({ registrationOpen: true });

    const response = await server.request('/api/register', {
      method: 'POST',
      json: { username: 'newkid', password: 'newkid-secret', isAdmin: true },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ username: 'newkid', isAdmin: false });
    const cookie = sessionCookieFrom(response);
    expect((await (await server.request('/api/user', { cookie })).json()).username).toBe('newkid');

    expect((await register('NEWKID', 'another-secret')).status).toBe(409);
    expect(await (await register('ab', 'another-secret')).json()).toEqual({ error: 'Username must be at least 3 characters' });
    expect(await (await register('abcd', 'short')).json()).toEqual({ error: 'Password must be at least 6 characters' });
    await server.request('/api/settings', { method: 'PATCH', cookie: mum, json: { registrationOpen: false } });
    expect((await register('latecomer', 'latecomer-secret')).status).toBe(403);
  });
});

describe('errors', () => {
  test('an unknown /api route is a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await server.request('/api/does-not-exist', { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ error: 'No such API endpoint' });
    }
  });

  test('every response says nosniff and a referrer policy', async () => {
    const response = await server.request('/api/user');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  test('healthz answers ok', async () => {
    const response = await server.request('/healthz');
    expect(response.status).toBe(200);
    // And whether ffmpeg was found at start (phone apps' transcoding).
    expect(await response.json()).toMatchObject({ status: 'ok', ffmpeg: { available: expect.any(Boolean) } });
  });
});
