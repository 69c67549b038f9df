import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { insertAlbum, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';
import { searchResultSchema } from '../../src/shared/schemas/search.ts';
import { songListSchema } from '../../src/shared/schemas/song.ts';
import type { SongDto } from '../../src/shared/types.ts';
import { shapeErrors } from '../../src/testing/shapes.ts';

let server: TestServer;
let user: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signUp('songs-user');
  admin = await server.signUp('songs-admin', { isAdmin: true });
});
afterAll(() => server.stop());

describe('GET /api/songs', () => {
  test('lists published, live songs by title case-insensitively, with album names', async () => {
    const album = insertAlbum(server.db, { name: 'Blue Album' });
    insertSong(server.db, { title: 'banana', albumId: album.id });
    insertSong(server.db, { title: 'Apple' });
    insertSong(server.db, { title: 'cherry' });
    insertSong(server.db, { title: 'Avocado pending', status: 'pending' });
    insertSong(server.db, { title: 'Aardvark trashed', deletedAt: new Date() });

    const response = await server.request('/api/songs', { cookie: user });
    expect(response.status).toBe(200);
    const songs = (await response.json()) as SongDto[];
    expect(songs.map((s) => s.title)).toEqual(['Apple', 'banana', 'cherry']);
    expect(songs[1]!.albumName).toBe('Blue Album');
    expect(songs[0]!.albumName).toBeNull();
    expect(Object.keys(songs[0]!)).not.toContain('audioHash');
    expect(songs[0]!.audioUrl).toStartWith('/media/songs/');
  });

  test('is 401 when signed out', async () => {
    const response = await server.request('/api/songs');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'You need to sign in first' });
  });

  test('/all shows pending songs to admins only', async () => {
    const all = (await (await server.request('/api/songs/all', { cookie: admin })).json()) as SongDto[];
    expect(all.map((s) => s.title)).toContain('Avocado pending');
    expect(all.map((s) => s.title)).not.toContain('Aardvark trashed');
    expect((await server.request('/api/songs/all', { cookie: user })).status).toBe(403);
    expect((await server.request('/api/songs/all')).status).toBe(401);
  });
});

describe('compression', () => {
  test('large JSON is gzipped when the client accepts it, and plain otherwise', async () => {
    for (let i = 0; i < 20; i++) insertSong(server.db, { title: `Filler ${i}` });
    const gz = await fetch(`${server.url}/api/songs`, { headers: { cookie: user, 'accept-encoding': 'gzip' }, decompress: false });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('x-content-type-options')).toBe('nosniff');
    const body = JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gz.arrayBuffer())))) as SongDto[];
    const plain = await fetch(`${server.url}/api/songs`, { headers: { cookie: user, 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.json()) as SongDto[]).toEqual(body);
    const small = await fetch(`${server.url}/api/songs`, { headers: { 'accept-encoding': 'gzip' }, decompress: false });
    expect(small.status).toBe(401);
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});

describe('shared schemas (src/shared/schemas/song.ts, search.ts)', () => {
  // The big lists skip Elysia's response check for speed, so this is what holds them to the shape.
  test('the library, the admin list and search answer exactly the shared shapes', async () => {
    const album = insertAlbum(server.db, { name: 'Shape Album' });
    insertSong(server.db, { title: 'Shape one', artist: 'Someone', tags: ['a', 'b'], albumId: album.id, albumOrder: 1 });
    insertSong(server.db, { title: 'Shape pending', status: 'pending', originalFilename: 'x.mp3' });
    const library = await (await server.request('/api/songs', { cookie: user })).json();
    const all = await (await server.request('/api/songs/all', { cookie: admin })).json();
    const search = await (await server.request('/api/search?q=shape', { cookie: user })).json();
    expect(library.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(library.length);
    expect(search.songs.length).toBeGreaterThan(0);
    expect(shapeErrors(songListSchema, library)).toEqual([]);
    expect(shapeErrors(songListSchema, all)).toEqual([]);
    expect(shapeErrors(searchResultSchema, search)).toEqual([]);
    expect(shapeErrors(songListSchema, [{ ...library[0], audioUrl: null }])).not.toEqual([]);
  });
});
