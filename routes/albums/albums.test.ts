import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { fixture } from '../../src/testing/media-fixtures.ts';
import type { AlbumDto, SongDto } from '../../src/shared/types.ts';
import { insertAlbum, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let user: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signUp('albums-user');
  admin = await server.signUp('albums-admin', { isAdmin: true });
});
afterAll(() => server.stop());

const json = async <T>(response: Response) => (await response.json()) as T;

describe('reading albums', () => {
  test('the list is live albums by name case-insensitively, with a shareId each', async () => {
    for (const name of ['beta', 'Alpha']) insertSong(server.db, { albumId: insertAlbum(server.db, { name }).id });
    insertSong(server.db, { albumId: insertAlbum(server.db, { name: 'Gamma (gone)', deletedAt: new Date() }).id });
    const albums = await json<AlbumDto[]>(await server.request('/api/albums', { cookie: user }));
    expect(albums.map((a) => a.name)).toEqual(['Alpha', 'beta']);
    expect(albums[0]!.shareId.length).toBeGreaterThanOrEqual(22);
  });

  test('users see an album only while it holds a published, live song; admins see every album', async () => {
    const empty = insertAlbum(server.db, { name: 'Pending only' });
    insertSong(server.db, { albumId: empty.id, status: 'pending', artworkUrl: '/objects/images/pending.png' });
    insertSong(server.db, { albumId: empty.id, deletedAt: new Date() });
    const names = async (cookie: string) => (await json<AlbumDto[]>(await server.request('/api/albums', { cookie }))).map((a) => a.name);
    expect(await names(user)).not.toContain('Pending only');
    expect(await server.request(`/api/albums/${empty.id}`, { cookie: user }).then((r) => r.status)).toBe(404);
    expect(await server.request(`/api/albums/${empty.id}/songs`, { cookie: user }).then((r) => r.status)).toBe(404);
    expect(await names(admin)).toContain('Pending only');
    const seenByAdmin = await json<AlbumDto>(await server.request(`/api/albums/${empty.id}`, { cookie: admin }));
    expect(seenByAdmin.artworkUrl).toBeNull();
    expect(await json<SongDto[]>(await server.request(`/api/albums/${empty.id}/songs`, { cookie: admin }))).toEqual([]);
  });

  test('an album made from a pending upload’s tags appears, with its artwork, once the song is published', async () => {
    const form = new FormData();
    form.set('file', Bun.file(fixture('tagged.mp3')), 'tagged.mp3');
    const song = await json<SongDto>(await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin }));
    expect(song).toMatchObject({ status: 'pending', albumName: 'Fixture Album' });
    expect(song.artworkUrl).not.toBeNull();
    const album = await json<AlbumDto>(await server.request(`/api/albums/${song.albumId}`, { cookie: admin }));
    expect(album.artworkUrl).toBeNull();
    expect((await server.request(`/api/albums/${album.id}`, { cookie: user })).status).toBe(404);
    expect((await server.request(`/api/share/album/${album.shareId}`)).status).toBe(404);
    expect((await server.request(`/share/album/${album.shareId}`)).status).toBe(404);

    await server.request(`/api/songs/${song.id}/status`, { method: 'PATCH', cookie: admin, json: { status: 'published' } });
    const visible = await json<AlbumDto>(await server.request(`/api/albums/${album.id}`, { cookie: user }));
    expect(visible.artworkUrl).toBe(song.artworkUrl);
    expect((await server.request(`/api/share/album/${album.shareId}`)).status).toBe(200);
    expect((await server.request(`/share/album/${album.shareId}`)).status).toBe(200);
  });

  test('one album, and its visible songs by albumOrder then title', async () => {
    const album = insertAlbum(server.db, { name: 'Ordered' });
    insertSong(server.db, { title: 'zed', albumId: album.id, albumOrder: 1 });
    insertSong(server.db, { title: 'Bee', albumId: album.id, albumOrder: 2 });
    insertSong(server.db, { title: 'ant', albumId: album.id });
    insertSong(server.db, { title: 'hidden', albumId: album.id, status: 'pending' });
    insertSong(server.db, { title: 'binned', albumId: album.id, deletedAt: new Date() });
    const got = await json<AlbumDto>(await server.request(`/api/albums/${album.id}`, { cookie: user }));
    expect(got).toMatchObject({ id: album.id, name: 'Ordered', deletedAt: null });
    const songs = await json<SongDto[]>(await server.request(`/api/albums/${album.id}/songs`, { cookie: user }));
    expect(songs.map((s) => s.title)).toEqual(['zed', 'Bee', 'ant']);
    expect(songs[0]!.albumName).toBe('Ordered');
  });

  test('missing, trashed and malformed ids are 404', async () => {
    const trashed = insertAlbum(server.db, { deletedAt: new Date() });
    for (const id of ['999999', String(trashed.id), 'abc', '1e3', '..%2Fx', '-1', '0', '99999999999999999999']) {
      const response = await server.request(`/api/albums/${id}`, { cookie: user });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Album not found' });
      expect((await server.request(`/api/albums/${id}/songs`, { cookie: user })).status).toBe(404);
    }
  });

  test('signed out is 401', async () => {
    const album = insertAlbum(server.db);
    for (const path of ['/api/albums', `/api/albums/${album.id}`, `/api/albums/${album.id}/songs`]) {
      expect((await server.request(path)).status).toBe(401);
    }
  });
});

describe('changing albums', () => {
  test('an admin creates an album with a trimmed name and a shareId', async () => {
    const response = await server.request('/api/albums', { method: 'POST', json: { name: '  Summer  ' }, cookie: admin });
    expect(response.status).toBe(201);
    const album = await json<AlbumDto>(response);
    expect(album.name).toBe('Summer');
    expect(album.shareId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  });

  test('a blank name is 400 and a duplicate name (any case) is 409', async () => {
    const blank = await server.request('/api/albums', { method: 'POST', json: { name: '   ' }, cookie: admin });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ error: 'Album name cannot be empty' });
    expect((await server.request('/api/albums', { method: 'POST', json: {}, cookie: admin })).status).toBe(400);
    const dup = await server.request('/api/albums', { method: 'POST', json: { name: 'SUMMER' }, cookie: admin });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ error: 'An album named "SUMMER" already exists' });
  });

  test('a trashed album does not block its name', async () => {
    insertAlbum(server.db, { name: 'Recycled', deletedAt: new Date() });
    const response = await server.request('/api/albums', { method: 'POST', json: { name: 'recycled' }, cookie: admin });
    expect(response.status).toBe(201);
  });

  test('rename: trimmed, 409 on another album’s name, fine on its own name in another case', async () => {
    const album = insertAlbum(server.db, { name: 'Old name' });
    insertAlbum(server.db, { name: 'Taken' });
    const path = `/api/albums/${album.id}`;
    const renamed = await server.request(path, { method: 'PATCH', json: { name: ' New name ' }, cookie: admin });
    expect(await json<AlbumDto>(renamed)).toMatchObject({ id: album.id, name: 'New name' });
    expect((await server.request(path, { method: 'PATCH', json: { name: 'taken' }, cookie: admin })).status).toBe(409);
    expect((await server.request(path, { method: 'PATCH', json: { name: 'NEW NAME' }, cookie: admin })).status).toBe(200);
    expect((await server.request(path, { method: 'PATCH', json: { name: '' }, cookie: admin })).status).toBe(400);
    expect((await server.request('/api/albums/abc', { method: 'PATCH', json: { name: 'x' }, cookie: admin })).status).toBe(404);
  });

  test('delete moves the album to the trash; its songs stay in the library without the album name', async () => {
    const album = insertAlbum(server.db, { name: 'Doomed' });
    const song = insertSong(server.db, { title: 'Survivor', albumId: album.id });
    const response = await server.request(`/api/albums/${album.id}`, { method: 'DELETE', cookie: admin });
    expect(response.status).toBe(204);
    expect((await server.request(`/api/albums/${album.id}`, { cookie: admin })).status).toBe(404);
    expect((await server.request(`/api/albums/${album.id}/songs`, { cookie: admin })).status).toBe(404);
    const albums = await json<AlbumDto[]>(await server.request('/api/albums', { cookie: admin }));
    expect(albums.map((a) => a.id)).not.toContain(album.id);
    const songs = await json<SongDto[]>(await server.request('/api/songs', { cookie: user }));
    expect(songs.find((s) => s.id === song.id)).toMatchObject({ albumName: null, albumId: null });
    const all = await json<SongDto[]>(await server.request('/api/songs/all', { cookie: admin }));
    expect(all.find((s) => s.id === song.id)).toMatchObject({ albumName: null, albumId: null });
    const search = await json<{ songs: SongDto[] }>(await server.request('/api/search?q=Survivor', { cookie: user }));
    expect(search.songs.find((s) => s.id === song.id)).toMatchObject({ albumName: null, albumId: null });
    const edited = await json<SongDto>(await server.request(`/api/songs/${song.id}`, { method: 'PATCH', cookie: admin, json: { title: 'Survivor 2' } }));
    expect(edited).toMatchObject({ albumName: null, albumId: null });
    expect((await server.request(`/api/albums/${album.id}`, { method: 'DELETE', cookie: admin })).status).toBe(404);
  });

  test('users get 403 and signed-out callers 401 on every change, whatever they send', async () => {
    const album = insertAlbum(server.db);
    insertSong(server.db, { albumId: album.id });
    const calls = [
      { path: '/api/albums', method: 'POST', json: { name: 'Mine' } },
      { path: '/api/albums', method: 'POST', json: { bogus: true } },
      { path: `/api/albums/${album.id}`, method: 'PATCH', json: { name: 'Mine' } },
      { path: `/api/albums/abc`, method: 'PATCH', json: {} },
      { path: `/api/albums/${album.id}`, method: 'DELETE' },
    ];
    for (const { path, ...init } of calls) {
      const forbidden = await server.request(path, { ...init, cookie: user });
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toEqual({ error: 'Only an admin can do that' });
      expect((await server.request(path, init)).status).toBe(401);
    }
    expect((await server.request(`/api/albums/${album.id}`, { cookie: user })).status).toBe(200);
  });
});
