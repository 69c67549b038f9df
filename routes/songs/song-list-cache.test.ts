import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { openDb } from '../../db/client.ts';
import type { AlbumRow, SongRow } from '../../db/schema/index.ts';
import type { SongDto } from '../../src/shared/types.ts';
import { insertAlbum, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

// HTTP caching of the two big lists: an ETag per catalogue version, 304 on a match, and a
// cached body that always follows writes (this server's and another process's).
let server: TestServer;
let user: string;
let admin: string;
let album: AlbumRow;
let song: SongRow;
let pending: SongRow;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signUp('cache-user');
  admin = await server.signUp('cache-admin', { isAdmin: true });
  album = insertAlbum(server.db, { name: 'Cached Album' });
  song = insertSong(server.db, { title: 'Cached Song', albumId: album.id });
  pending = insertSong(server.db, { title: 'Pending Song', status: 'pending' });
});
afterAll(() => server.stop());

const get = (path: string, cookie: string, headers: Record<string, string> = {}) =>
  server.request(path, { cookie, headers: { 'accept-encoding': 'gzip', ...headers } });

async function list(path = '/api/songs', cookie = user) {
  const response = await get(path, cookie);
  expect(response.status).toBe(200);
  return { etag: response.headers.get('etag')!, songs: (await response.json()) as SongDto[] };
}

const titles = (songs: SongDto[]) => songs.map((s) => s.title);

describe('song list caching', () => {
  test('sends a weak ETag and no-cache, gzipped; a matching If-None-Match is 304 with no body', async () => {
    const response = await get('/api/songs', user);
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"songs-library-\d+"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(titles((await response.json()) as SongDto[])).toContain('Cached Song');

    const again = await get('/api/songs', user, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect((await get('/api/songs', user, { 'if-none-match': `"other", ${etag}` })).status).toBe(304);
    expect((await get('/api/songs', user, { 'if-none-match': 'W/"songs-library-1"' })).status).toBe(200);
  });

  test.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br;q=0', 'gzip'],
    ['gzip;q=0, identity', null],
    ['identity', null],
    ['*', 'br'],
  ])('Accept-Encoding %j is answered %j with the same JSON', async (accept, encoding) => {
    const reference = await list();
    const ask = () => server.request('/api/songs', { cookie: user, headers: { 'accept-encoding': accept } });
    let response = await ask();
    // Brotli is made after the first answer (gzip, so a browser never waits for it).
    for (const deadline = Date.now() + 5000; response.headers.get('content-encoding') !== encoding && Date.now() < deadline; ) {
      await response.arrayBuffer();
      await Bun.sleep(5);
      response = await ask();
    }
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(response.headers.get('etag')).toBe(reference.etag);
    expect((await response.json()) as SongDto[]).toEqual(reference.songs);
  });

  test('without gzip the same JSON comes plain', async () => {
    const gzipped = await list();
    const plain = await server.request('/api/songs', { cookie: user, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('etag')).toBe(gzipped.etag);
    expect((await plain.json()) as SongDto[]).toEqual(gzipped.songs);
  });

  test('every kind of write changes the ETag and the body follows', async () => {
    const steps: [string, () => Promise<Response>, (songs: SongDto[]) => void][] = [
      ['edit', () => server.request(`/api/songs/${song.id}`, { method: 'PATCH', cookie: admin, json: { title: 'Edited Song' } }),
        (songs) => expect(titles(songs)).toContain('Edited Song')],
      ['publish', () => server.request(`/api/songs/${pending.id}/status`, { method: 'PATCH', cookie: admin, json: { status: 'published' } }),
        (songs) => expect(titles(songs)).toContain('Pending Song')],
      ['album rename', () => server.request(`/api/albums/${album.id}`, { method: 'PATCH', cookie: admin, json: { name: 'Renamed Album' } }),
        (songs) => expect(songs.find((s) => s.id === song.id)!.albumName).toBe('Renamed Album')],
      ['trash', () => server.request(`/api/songs/${song.id}`, { method: 'DELETE', cookie: admin }),
        (songs) => expect(titles(songs)).not.toContain('Edited Song')],
      ['restore', () => server.request(`/api/songs/${song.id}/restore`, { method: 'POST', cookie: admin }),
        (songs) => expect(titles(songs)).toContain('Edited Song')],
    ];
    for (const [name, write, check] of steps) {
      const before = await list();
      const response = await write();
      expect(response.status, name).toBeLessThan(300);
      const after = await list();
      expect(after.etag, name).not.toBe(before.etag);
      check(after.songs);
      expect((await get('/api/songs', user, { 'if-none-match': before.etag })).status, name).toBe(200);
    }
  });

  test('a write through a second database handle (the CLI) changes the ETag and the body', async () => {
    const before = await list();
    const cli = openDb(join(server.dataDir, 'hearth.db'));
    try {
      cli.sqlite.query('UPDATE songs SET title = ? WHERE id = ?').run('Written By CLI', song.id);
    } finally {
      cli.close();
    }
    const after = await list();
    expect(after.etag).not.toBe(before.etag);
    expect(titles(after.songs)).toContain('Written By CLI');
  });

  test('the admin list has its own ETag and body; a non-admin never gets it', async () => {
    insertSong(server.db, { title: 'Only Admins See', status: 'pending' });
    const all = await list('/api/songs/all', admin);
    expect(all.etag).toMatch(/^W\/"songs-admin-\d+"$/);
    expect(titles(all.songs)).toContain('Only Admins See');

    const library = await list('/api/songs', user);
    expect(library.etag).not.toBe(all.etag);
    expect(titles(library.songs)).not.toContain('Only Admins See');
    expect((await get('/api/songs', user, { 'if-none-match': all.etag })).status).toBe(200);
    const forbidden = await get('/api/songs/all', user, { 'if-none-match': all.etag });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).not.toContain('Only Admins See');
    expect((await get('/api/songs/all', '', { 'if-none-match': all.etag })).status).toBe(401);
    expect((await get('/api/songs/all', admin, { 'if-none-match': all.etag })).status).toBe(304);
  });
});
