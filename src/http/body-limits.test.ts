import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { findUserByUsername } from '../../db/queries/users.ts';
import { createApp } from '../compose/app.ts';
import { insertPlaylist, insertSong } from '../testing/factories.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { JSON_MAX_BYTES } from './json-body.ts';

// 100 KB of 50,000 nested arrays: free to send, and a stack overflow (a 500 after ~0.5 s of a
// blocked event loop) for anything that validates or copies it recursively.
const NESTED = '['.repeat(50_000) + ']'.repeat(50_000);
const nestedIn = (field: string) => `{"${field}": ${NESTED}}`;

let server: TestServer;
let guest: string;
let kid: string;
let mum: string;
let songId: number;
let playlistId: number;
beforeAll(async () => {
  server = await startTestServer();
  kid = await server.signUp('kid');
  mum = await server.signUp('mum', { isAdmin: true });
  guest = '';
  songId = insertSong(server.db).id;
  playlistId = insertPlaylist(server.db, { userId: findUserByUsername(server.db, 'kid')!.id }, [songId]).id;
});
afterAll(() => server.stop());

const send = (method: string, path: string, cookie: string, body: BodyInit, type = 'application/json') =>
  server.request(path, { method, cookie, body, headers: { 'content-type': type } });

describe('sign-in and role are checked before the body is read', () => {
  test('a guest sending nested JSON to PATCH /api/settings gets 401; a member 403', async () => {
    const asGuest = await send('PATCH', '/api/settings', guest, nestedIn('registrationOpen'));
    expect(asGuest.status).toBe(401);
    expect(await asGuest.json()).toEqual({ error: 'You need to sign in first' });
    const asKid = await send('PATCH', '/api/settings', kid, nestedIn('registrationOpen'));
    expect(asKid.status).toBe(403);
    expect(await asKid.json()).toEqual({ error: 'Only an admin can do that' });
  });

  test('a member editing a song or running a bulk action gets 403, whatever the body', async () => {
    for (const [method, path, field] of [['PATCH', `/api/songs/${songId}`, 'tags'], ['POST', '/api/songs/bulk/publish', 'songIds'], ['PATCH', `/api/songs/${songId}/status`, 'status']] as const) {
      const response = await send(method, path, kid, nestedIn(field));
      expect(response.status).toBe(403);
    }
  });

  test('a guest gets its 401 while its body is still arriving: nothing waited for the body', async () => {
    let sent = 0;
    let close: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // One chunk, then never another: a server that reads the body before the check hangs.
        if (sent++ === 0) controller.enqueue(new TextEncoder().encode('{"registrationOpen": '));
        else return new Promise<void>((resolve) => (close = resolve));
      },
    });
    const response = await server.request('/api/settings', {
      method: 'PATCH',
      body,
      headers: { 'content-type': 'application/json' },
      // @ts-expect-error Bun streams request bodies with duplex 'half'
      duplex: 'half',
    });
    expect(response.status).toBe(401);
    close();
  });
});

describe('JSON bodies are bounded in depth and size', () => {
  test('nested JSON is 400 for the admin and the playlist owner, never a 500', async () => {
    const cases = [
      ['PATCH', '/api/settings', mum, nestedIn('registrationOpen')],
      ['PATCH', `/api/songs/${songId}`, mum, nestedIn('tags')],
      ['POST', '/api/songs/bulk/publish', mum, nestedIn('songIds')],
      ['PUT', `/api/playlists/${playlistId}/songs`, kid, nestedIn('songIds')],
      ['POST', '/api/login', guest, nestedIn('username')],
      ['PATCH', '/api/settings', mum, NESTED],
    ] as const;
    for (const [method, path, cookie, body] of cases) {
      const response = await send(method, path, cookie, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'The request body is nested too deeply' });
    }
  });

  test('a body over the size limit is 413, also when chunked without a length', async () => {
    const big = JSON.stringify({ songIds: Array.from({ length: JSON_MAX_BYTES / 4 }, (_, i) => i + 1) });
    const declared = await send('PUT', `/api/playlists/${playlistId}/songs`, kid, big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: 'The request body is too large' });
    const bytes = new TextEncoder().encode(big);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 16_384) controller.enqueue(bytes.subarray(at, at + 16_384));
        controller.close();
      },
    });
    // @ts-expect-error Bun streams request bodies with duplex 'half'
    const streamed = await server.request(`/api/playlists/${playlistId}/songs`, { method: 'PUT', cookie: kid, body: chunked, duplex: 'half', headers: { 'content-type': 'application/json' } });
    expect(streamed.status).toBe(413);
  });

  test('a body that is not a JSON object is 400, never an empty edit', async () => {
    for (const body of ['[]', '"a title"', '42', 'null', '[{"title": "x"}]']) {
      const response = await send('PATCH', `/api/songs/${songId}`, mum, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'The request body must be a JSON object' });
    }
    const fine = await send('PATCH', `/api/songs/${songId}`, mum, JSON.stringify({ title: 'Renamed' }));
    expect(fine.status).toBe(200);
  });

  test('odd bodies answer 4xx with a JSON error, never 500', async () => {
    const bodies: [string, string][] = [
      ['{"title": ', 'application/json'],
      ['', 'application/json'],
      ['title=x', 'application/x-www-form-urlencoded'],
      ['title', 'text/plain'],
      [`{"tags": ${'['.repeat(16)}${']'.repeat(16)}}`, 'application/json'],
      ['{"title": "\\"' + '['.repeat(20) + '}', 'application/json'],
    ];
    for (const [body, type] of bodies) {
      const response = await send('PATCH', `/api/songs/${songId}`, mum, body, type);
      expect([body.slice(0, 30), response.status >= 400 && response.status < 500]).toEqual([body.slice(0, 30), true]);
      expect(typeof (await response.json()).error).toBe('string');
    }
  });

  test('brackets inside strings are text, not nesting', async () => {
    const title = `[[${'['.repeat(100)}]] \\" {{`;
    const response = await send('PATCH', `/api/songs/${songId}`, mum, JSON.stringify({ title }));
    expect(response.status).toBe(200);
    expect((await response.json()).title).toBe(title);
  });
});

test('no body sent to any route answers 500', async () => {
  const fuzz = await startTestServer();
  try {
    const admin = await fuzz.signUp('boss', { isAdmin: true });
    const id = String(insertSong(fuzz.db).id);
    const bodies = [NESTED, '[]', '"x"', '{}', '{"name": 5, "title": [], "songIds": "x", "songId": -1}', '{"songIds": [1e309, -0, 1.5]}',
      '{"name": "\u0000", "username": {}, "password": null}', '{"status": "published", "albumId": 99999999999999999999}', '{"__proto__": {"isAdmin": true}}'];
    const routes = createApp({ config: fuzz.config, db: fuzz.db, secret: 'x'.repeat(64), log: { debug() {}, info() {}, warn() {}, error() {} } as never }).routes
      // Logging out would leave the remaining routes answering only 401.
      .filter((route) => !['GET', 'HEAD', 'ALL', 'WS'].includes(route.method) && route.path !== '/api/logout');
    const statuses = new Set<number>();
    for (const route of routes) {
      const path = route.path.replace(':action', 'publish').replace(/:\w+/g, id);
      for (const body of bodies) {
        const response = await fuzz.request(path, { method: route.method, cookie: admin, body, headers: { 'content-type': 'application/json' } });
        expect([route.method, path, body.slice(0, 40), response.status < 500]).toEqual([route.method, path, body.slice(0, 40), true]);
        statuses.add(response.status);
      }
    }
    // The session held throughout: the bodies reached the routes' own checks, not only the sign-in.
    expect(statuses.has(401)).toBe(false);
  } finally {
    await fuzz.stop();
  }
});

test('every route that reads a body reads it after its sign-in check, through the bounded parser', () => {
  // Routes with `parse: 'none'` stream their own body (uploads) after the auth macro resolves.
  const app = createApp({ config: server.config, db: server.db, secret: 'x'.repeat(64), log: { debug() {}, info() {}, warn() {}, error() {} } as never });
  const unbounded = app.routes
    .filter((route) => route.method !== 'GET' && route.method !== 'HEAD')
    .filter((route) => {
      const parse = (route.hooks as { parse?: { fn: unknown }[] }).parse;
      const names = (parse ?? []).map((hook) => (typeof hook.fn === 'string' ? hook.fn : (hook.fn as () => void).name));
      if (names.length === 0) return Boolean((route.hooks as { body?: unknown }).body);
      return !names.every((name) => ['authThenJsonBody', 'publicJsonBody', 'none'].includes(name));
    })
    .map((route) => `${route.method} ${route.path}`);
  expect(unbounded).toEqual([]);
});
