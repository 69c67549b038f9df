import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { RecentPlayDto, SongDto } from '../../src/shared/types.ts';
import { insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let kid: string;
let mum: string;

beforeAll(async () => {
  server = await startTestServer();
  kid = await server.signUp('kid');
  mum = await server.signUp('mum', { isAdmin: true });
});
afterAll(() => server.stop());

const json = async <T>(response: Response) => (await response.json()) as T;

describe('favourites', () => {
  test('star, list newest first, star again is one star, unstar; each user has their own', async () => {
    const a = insertSong(server.db, { title: 'A' });
    const b = insertSong(server.db, { title: 'B' });
    expect((await server.request(`/api/favourites/${a.id}`, { method: 'PUT', cookie: kid })).status).toBe(204);
    server.advance(1000);
    expect((await server.request(`/api/favourites/${b.id}`, { method: 'PUT', cookie: kid })).status).toBe(204);
    expect((await server.request(`/api/favourites/${a.id}`, { method: 'PUT', cookie: kid })).status).toBe(204);
    expect((await json<SongDto[]>(await server.request('/api/favourites', { cookie: kid }))).map((song) => song.title)).toEqual(['B', 'A']);
    expect(await json<SongDto[]>(await server.request('/api/favourites', { cookie: mum }))).toEqual([]);
    expect((await server.request(`/api/favourites/${a.id}`, { method: 'DELETE', cookie: kid })).status).toBe(204);
    expect((await json<SongDto[]>(await server.request('/api/favourites', { cookie: kid }))).map((song) => song.title)).toEqual(['B']);
  });

  test('only songs the family can hear: pending, trashed and unknown songs are 404, for admins too', async () => {
    const pending = insertSong(server.db, { status: 'pending' });
    const trashed = insertSong(server.db, { deletedAt: new Date() });
    for (const id of [pending.id, trashed.id, 999_999]) {
      expect((await server.request(`/api/favourites/${id}`, { method: 'PUT', cookie: mum })).status).toBe(404);
    }
    expect((await server.request('/api/favourites/abc', { method: 'PUT', cookie: kid })).status).toBe(404);
  });

  test('signed out: 401', async () => {
    expect((await server.request('/api/favourites')).status).toBe(401);
    expect((await server.request('/api/favourites/1', { method: 'PUT' })).status).toBe(401);
    expect((await server.request('/api/plays', { method: 'POST', json: { songId: 1 } })).status).toBe(401);
  });
});

describe('plays', () => {
  test('each counted play adds one; recently played lists the latest first with counts', async () => {
    const user = await server.signUp('player');
    const one = insertSong(server.db, { title: 'One' });
    const two = insertSong(server.db, { title: 'Two' });
    const play = (songId: number) => server.request('/api/plays', { method: 'POST', json: { songId }, cookie: user });
    expect((await play(one.id)).status).toBe(204);
    server.advance(1000);
    expect((await play(two.id)).status).toBe(204);
    server.advance(1000);
    expect((await play(one.id)).status).toBe(204);
    const recent = await json<RecentPlayDto[]>(await server.request('/api/recently-played', { cookie: user }));
    expect(recent.map((row) => [row.song.title, row.playCount])).toEqual([['One', 2], ['Two', 1]]);
    expect(Date.parse(recent[0]!.lastPlayedAt)).toBeGreaterThan(Date.parse(recent[1]!.lastPlayedAt));
  });

  test('bad input is 400, an invisible song 404', async () => {
    for (const body of [{}, { songId: 'x' }, { songId: 0 }]) {
      expect((await server.request('/api/plays', { method: 'POST', json: body, cookie: kid })).status).toBe(400);
    }
    const pending = insertSong(server.db, { status: 'pending' });
    expect((await server.request('/api/plays', { method: 'POST', json: { songId: pending.id }, cookie: kid })).status).toBe(404);
  });
});
