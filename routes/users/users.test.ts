import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { findUserByUsername } from '../../db/queries/users.ts';
import { playlistEntries, playlists, sessions, songs, tempShares } from '../../db/schema/index.ts';
import { fixture } from '../../src/testing/media-fixtures.ts';
import { insertPlaylist, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let mum: string;
let kid: string;
beforeAll(async () => {
  server = await startTestServer();
  mum = await server.signUp('mum', { isAdmin: true, password: 'mum-secret' });
  kid = await server.signUp('kid', { password: 'kid-secret' });
});
afterAll(() => server.stop());

const idOf = (name: string) => findUserByUsername(server.db, name)!.id;
const call = (method: string, path: string, json?: unknown, cookie = mum) => server.request(path, { method, cookie, ...(json === undefined ? {} : { json }) });
const errorOf = async (response: Response) => (await response.json()).error as string;
const LAST_ADMIN = 'Hearth needs at least one admin. Make someone else an admin first.';

describe('GET /api/users', () => {
  test('lists everyone by name with admin, created and playlist count; never a hash', async () => {
    insertPlaylist(server.db, { userId: idOf('kid') });
    const response = await call('GET', '/api/users');
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.map((u: { username: string }) => u.username)).toEqual(['kid', 'mum']);
    for (const user of list) expect(Object.keys(user).sort()).toEqual(['createdAt', 'id', 'isAdmin', 'playlistCount', 'restrictions', 'username']);
    expect(list[0]).toMatchObject({ username: 'kid', isAdmin: false, playlistCount: 1 });
    expect(Date.parse(list[1].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(list)).not.toContain('argon2');
  });
});

describe('POST /api/users', () => {
  test('creates an account that can sign in; admin when asked', async () => {
    const response = await call('POST', '/api/users', { username: 'grandpa', password: 'grandpa-secret', isAdmin: true });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ username: 'grandpa', isAdmin: true, playlistCount: 0 });
    const login = await server.request('/api/login', { method: 'POST', json: { username: 'grandpa', password: 'grandpa-secret' } });
    expect(await login.json()).toMatchObject({ username: 'grandpa', isAdmin: true });
    const plain = await call('POST', '/api/users', { username: 'cousin', password: 'cousin-secret' });
    expect(await plain.json()).toMatchObject({ username: 'cousin', isAdmin: false });
  });

  test('the documented texts, a taken name 409, and a malformed body 400 with an error', async () => {
    expect(await errorOf(await call('POST', '/api/users', { username: 'ab', password: 'long-enough' }))).toBe('Username must be at least 3 characters');
    expect(await errorOf(await call('POST', '/api/users', { username: 'abcd', password: 'short' }))).toBe('Password must be at least 6 characters');
    const taken = await call('POST', '/api/users', { username: 'KID', password: 'another-secret' });
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toBe('That username is already taken');
    for (const body of [{}, { username: 'x' }, { username: 'abcd', password: 'long-enough', isAdmin: 'yes' }]) {
      const response = await call('POST', '/api/users', body);
      expect([body, response.status]).toEqual([body, 400]);
      expect(typeof (await errorOf(response))).toBe('string');
    }
  });
});

describe('PATCH /api/users/:id', () => {
  test('a password reset signs the user out everywhere: the old password is refused, the new one works', async () => {
    const before = await server.login('kid', 'kid-secret');
    const response = await call('PATCH', `/api/users/${idOf('kid')}`, { password: 'kid-new-secret' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ username: 'kid', isAdmin: false });
    for (const cookie of [kid, before]) expect((await server.request('/api/user', { cookie })).status).toBe(401);
    expect((await server.request('/api/login', { method: 'POST', json: { username: 'kid', password: 'kid-secret' } })).status).toBe(401);
    kid = await server.login('kid', 'kid-new-secret');
    expect((await server.request('/api/user', { cookie: kid })).status).toBe(200);
  });

  test("a password reset revokes the user's app passwords too: their phone apps must be set up again", async () => {
    const made = await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Phone' }, cookie: kid });
    const { password } = (await made.json()) as { password: string };
    const ping = async () => (await (await server.request(`/rest/ping?u=kid&p=${password}&v=1.16.1&c=test&f=json`)).json())['subsonic-response'].status;
    expect(await ping()).toBe('ok');
    expect((await call('PATCH', `/api/users/${idOf('kid')}`, { password: 'kid-newer-secret' })).status).toBe(200);
    expect(await ping()).toBe('failed');
    kid = await server.login('kid', 'kid-newer-secret');
    expect(await (await server.request('/api/app-passwords', { cookie: kid })).json()).toEqual([]);
  });

  test("an admin resetting their own password keeps the session that did it; their others end", async () => {
    const other = await server.login('mum', 'mum-secret');
    expect((await call('PATCH', `/api/users/${idOf('mum')}`, { password: 'mum-secret-2' })).status).toBe(200);
    expect((await server.request('/api/user', { cookie: mum })).status).toBe(200);
    expect((await server.request('/api/user', { cookie: other })).status).toBe(401);
  });

  test('bad changes: short password text, nothing to change, unknown or malformed ids', async () => {
    const id = idOf('kid');
    expect(await errorOf(await call('PATCH', `/api/users/${id}`, { password: 'short' }))).toBe('Password must be at least 6 characters');
    const empty = await call('PATCH', `/api/users/${id}`, {});
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toBe('Send a new password, isAdmin or restrictions');
    expect((await call('PATCH', `/api/users/${id}`, { isAdmin: 'true' })).status).toBe(400);
    for (const bad of ['999999', 'abc', '1e3', '..%2fx']) {
      const response = await call('PATCH', `/api/users/${bad}`, { isAdmin: true });
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toBe('User not found');
    }
  });

  test('make and revoke admin; the last admin cannot be demoted (409), not even by themselves', async () => {
    const solo = await startTestServer();
    try {
      const boss = await solo.signUp('boss', { isAdmin: true });
      const helper = await solo.signUp('helper');
      const id = (name: string) => findUserByUsername(solo.db, name)!.id;
      const patch = (who: string, json: unknown, cookie = boss) => solo.request(`/api/users/${id(who)}`, { method: 'PATCH', cookie, json });
      const refused = await patch('boss', { isAdmin: false });
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toBe(LAST_ADMIN);
      expect(await (await patch('helper', { isAdmin: true })).json()).toMatchObject({ username: 'helper', isAdmin: true });
      // The promotion takes effect on the helper's live session at once.
      expect((await solo.request('/api/users', { cookie: helper })).status).toBe(200);
      // With two admins, either may step down; then the other is the last one again.
      expect(await (await patch('boss', { isAdmin: false })).json()).toMatchObject({ isAdmin: false });
      expect((await solo.request('/api/users', { cookie: boss })).status).toBe(403);
      expect((await patch('helper', { isAdmin: false }, helper)).status).toBe(409);
      // A reset together with a refused demotion changes nothing.
      expect((await patch('helper', { isAdmin: false, password: 'changed-secret' }, helper)).status).toBe(409);
      expect((await solo.request('/api/user', { cookie: helper })).status).toBe(200);
    } finally {
      await solo.stop();
    }
  });
});

describe('DELETE /api/users/:id', () => {
  test('removes the account with its sessions, playlists (and their entries) and temporary shares; songs stay', async () => {
    const aunt = await server.signUp('aunt', { password: 'aunt-secret' });
    const id = idOf('aunt');
    const song = insertSong(server.db, { userId: id, status: 'published' });
    const lists = [insertPlaylist(server.db, { userId: id }, [song.id]), insertPlaylist(server.db, { userId: id, deletedAt: new Date() })];
    const form = new FormData();
    form.set('file', Bun.file(fixture('tone.ogg')), 'tone.ogg');
    form.set('title', "Aunt's song");
    expect((await server.request('/api/temp-share', { method: 'POST', body: form, cookie: aunt })).status).toBe(201);
    const listed = (await (await call('GET', '/api/users')).json()).find((u: { id: number }) => u.id === id);
    expect(listed.playlistCount).toBe(2);
    const quotaBefore = (await (await call('GET', '/api/settings')).json()).guestQuota.usedBytes;

    expect((await call('DELETE', `/api/users/${id}`)).status).toBe(204);
    expect((await server.request('/api/user', { cookie: aunt })).status).toBe(401);
    expect(server.db.select().from(sessions).where(eq(sessions.userId, id)).all()).toEqual([]);
    for (const playlist of lists) {
      expect(server.db.select().from(playlists).where(eq(playlists.id, playlist.id)).all()).toEqual([]);
      expect(server.db.select().from(playlistEntries).where(eq(playlistEntries.playlistId, playlist.id)).all()).toEqual([]);
    }
    expect(server.db.select().from(tempShares).where(eq(tempShares.title, "Aunt's song")).all()).toEqual([]);
    // Their share did not become a guest's share counted against the guests' quota.
    expect((await (await call('GET', '/api/settings')).json()).guestQuota.usedBytes).toBe(quotaBefore);
    expect(server.db.select().from(songs).where(eq(songs.id, song.id)).get()).toMatchObject({ userId: null, status: 'published' });
    expect((await server.request('/api/login', { method: 'POST', json: { username: 'aunt', password: 'aunt-secret' } })).status).toBe(401);
    expect((await call('DELETE', `/api/users/${id}`)).status).toBe(404);
    expect((await call('DELETE', '/api/users/abc')).status).toBe(404);
  });

  test('the last admin cannot be removed (409); another admin can be', async () => {
    const solo = await startTestServer();
    try {
      const boss = await solo.signUp('boss', { isAdmin: true });
      const id = (name: string) => findUserByUsername(solo.db, name)!.id;
      const remove = (who: string) => solo.request(`/api/users/${id(who)}`, { method: 'DELETE', cookie: boss });
      const refused = await remove('boss');
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toBe(LAST_ADMIN);
      await solo.signUp('deputy', { isAdmin: true });
      expect((await remove('deputy')).status).toBe(204);
      expect((await remove('boss')).status).toBe(409);
    } finally {
      await solo.stop();
    }
  });
});

test('family accounts are for admins: 403 for a member, 401 signed out', async () => {
  const id = idOf('kid');
  const routes: [string, string, unknown][] = [
    ['GET', '/api/users', undefined],
    ['POST', '/api/users', { username: 'sneaky', password: 'sneaky-secret', isAdmin: true }],
    ['PATCH', `/api/users/${id}`, { isAdmin: true }],
    ['DELETE', `/api/users/${idOf('mum')}`, undefined],
  ];
  for (const [method, path, json] of routes) {
    expect([method, (await call(method, path, json, kid)).status]).toEqual([method, 403]);
    expect([method, (await call(method, path, json, '')).status]).toEqual([method, 401]);
  }
  expect(findUserByUsername(server.db, 'sneaky')).toBeUndefined();
  expect(findUserByUsername(server.db, 'kid')!.isAdmin).toBe(false);
});
