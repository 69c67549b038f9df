import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { findSongById } from '../../db/queries/songs.ts';
import type { SongDto } from '../../src/shared/types.ts';
import { insertAlbum, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let user: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signUp('edits-user');
  admin = await server.signUp('edits-admin', { isAdmin: true });
});
afterAll(() => server.stop());

const patch = (id: number | string, json: unknown, cookie = admin) =>
  server.request(`/api/songs/${id}`, { method: 'PATCH', json, cookie });
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe('PATCH /api/songs/{id}', () => {
  test('changes title, artist, tags, album and artwork, normalising them', async () => {
    const song = insertSong(server.db);
    const album = insertAlbum(server.db, { name: 'Target' });
    const response = await patch(song.id, {
      title: '  New title ',
      artist: '  ',
      tags: [' rock ', 'Rock', '', 'folk', '   '],
      albumId: album.id,
      artworkUrl: '/objects/ab/cd.webp',
    });
    expect(response.status).toBe(200);
    expect((await response.json()) as SongDto).toMatchObject({
      id: song.id,
      title: 'New title',
      artist: null,
      tags: ['rock', 'folk'],
      albumId: album.id,
      albumName: 'Target',
      artworkUrl: '/objects/ab/cd.webp',
    });
    const cleared = (await (await patch(song.id, { albumId: null, artworkUrl: null })).json()) as SongDto;
    expect(cleared).toMatchObject({ albumId: null, albumName: null, artworkUrl: null, title: 'New title' });
  });

  test('changes genres (split and cleaned as at import) and year; null clears the year', async () => {
    const song = insertSong(server.db, { genres: ['Pop'], year: 1990, discNumber: 1, trackNumber: 2 });
    const response = await patch(song.id, { genres: ['Rock & Roll; jazz', 'Jazz', ' '], year: 1968 });
    expect(response.status).toBe(200);
    expect((await response.json()) as SongDto).toMatchObject({ genres: ['Rock & Roll', 'jazz'], year: 1968, discNumber: 1, trackNumber: 2 });
    expect((await (await patch(song.id, { genres: [], year: null })).json()) as SongDto).toMatchObject({ genres: [], year: null });
    for (const year of [999, 3000]) {
      const refused = await patch(song.id, { year });
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toBe('Year must be from 1000 to 2999');
    }
    for (const body of [{ year: 1999.5 }, { year: '1999' }, { genres: 'Rock' }]) expect((await patch(song.id, body)).status).toBe(400);
  });

  test('rejects a blank title, a dead album and foreign artwork with 400', async () => {
    const song = insertSong(server.db, { title: 'Keep me' });
    const trashedAlbum = insertAlbum(server.db, { deletedAt: new Date() });
    const bad: [unknown, string][] = [
      [{ title: '   ' }, 'Title cannot be empty'],
      [{ albumId: 999999 }, 'That album does not exist'],
      [{ albumId: trashedAlbum.id }, 'That album does not exist'],
      [{ artworkUrl: 'https://evil.example/x.png' }, 'artworkUrl must be an image path under /objects/'],
      [{ artworkUrl: '/objects/../secret.key' }, 'artworkUrl must be an image path under /objects/'],
      [{ artworkUrl: 'javascript:alert(1)' }, 'artworkUrl must be an image path under /objects/'],
    ];
    for (const [body, message] of bad) {
      const response = await patch(song.id, body);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    for (const body of [{ tags: 'rock' }, { albumId: 'x' }, { title: 5 }, { artworkUrl: 7 }]) {
      expect((await patch(song.id, body)).status).toBe(400);
    }
    expect(findSongById(server.db, song.id)?.song.title).toBe('Keep me');
  });

  test('missing, trashed and malformed ids are 404', async () => {
    const trashed = insertSong(server.db, { deletedAt: new Date() });
    for (const id of ['999999', String(trashed.id), 'abc', '1e3', '..%2F..%2Fx', '1.5']) {
      const response = await patch(id, { title: 'x' });
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toBe('Song not found');
    }
  });
});

describe('status and delete', () => {
  test('publishing and unpublishing move a song in and out of the library', async () => {
    const song = insertSong(server.db, { title: 'Shy', status: 'pending' });
    const inLibrary = async () =>
      ((await (await server.request('/api/songs', { cookie: user })).json()) as SongDto[]).some((s) => s.id === song.id);
    expect(await inLibrary()).toBe(false);
    const path = `/api/songs/${song.id}/status`;
    const published = await server.request(path, { method: 'PATCH', json: { status: 'published' }, cookie: admin });
    expect(((await published.json()) as SongDto).status).toBe('published');
    expect(await inLibrary()).toBe(true);
    await server.request(path, { method: 'PATCH', json: { status: 'pending' }, cookie: admin });
    expect(await inLibrary()).toBe(false);
    expect((await server.request(path, { method: 'PATCH', json: { status: 'live' }, cookie: admin })).status).toBe(400);
  });

  test('a status change that names no status is refused and changes nothing', async () => {
    const song = insertSong(server.db, { title: 'Loud', status: 'published' });
    const response = await server.request(`/api/songs/${song.id}/status`, { method: 'PATCH', json: {}, cookie: admin });
    expect(response.status).toBe(400);
    expect(typeof ((await response.json()) as { error: unknown }).error).toBe('string');
    expect(findSongById(server.db, song.id)?.song.status).toBe('published');
  });

  test('delete moves a song to the trash', async () => {
    const song = insertSong(server.db);
    const response = await server.request(`/api/songs/${song.id}`, { method: 'DELETE', cookie: admin });
    expect(response.status).toBe(204);
    expect(findSongById(server.db, song.id)?.song.deletedAt).toBeInstanceOf(Date);
    expect((await server.request(`/api/songs/${song.id}`, { method: 'DELETE', cookie: admin })).status).toBe(404);
  });
});

describe('bulk actions', () => {
  const bulk = (action: string, json: unknown, cookie = admin) =>
    server.request(`/api/songs/bulk/${action}`, { method: 'POST', json, cookie });

  test('publish, unpublish and delete many songs at once', async () => {
    const ids = [insertSong(server.db, { status: 'pending' }), insertSong(server.db, { status: 'pending' })].map((s) => s.id);
    expect(await (await bulk('publish', { songIds: [...ids, ids[0]] })).json()).toEqual({ count: 2 });
    expect(ids.map((id) => findSongById(server.db, id)?.song.status)).toEqual(['published', 'published']);
    await bulk('unpublish', { songIds: ids });
    expect(ids.map((id) => findSongById(server.db, id)?.song.status)).toEqual(['pending', 'pending']);
    await bulk('delete', { songIds: ids });
    expect(ids.every((id) => findSongById(server.db, id)?.song.deletedAt)).toBe(true);
  });

  test('one bad id changes nothing', async () => {
    const good = insertSong(server.db, { status: 'pending' });
    const trashed = insertSong(server.db, { status: 'pending', deletedAt: new Date() });
    for (const badId of [999999, trashed.id]) {
      for (const action of ['publish', 'delete']) {
        const response = await bulk(action, { songIds: [good.id, badId] });
        expect(response.status).toBe(404);
        expect(await errorOf(response)).toBe(`Song not found: ${badId}`);
      }
    }
    const row = findSongById(server.db, good.id)!.song;
    expect(row.status).toBe('pending');
    expect(row.deletedAt).toBeNull();
  });

  test('bodies are validated and bounded at 1,000 ids', async () => {
    const song = insertSong(server.db);
    const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1);
    for (const body of [{}, { songIds: [] }, { songIds: [0] }, { songIds: [1.5] }, { songIds: tooMany }]) {
      expect((await bulk('publish', body)).status).toBe(400);
    }
    expect((await bulk('explode', { songIds: [song.id] })).status).toBe(404);
  });
});

describe('permissions', () => {
  test('users get 403 and signed-out callers 401 on every change', async () => {
    const song = insertSong(server.db, { title: 'Untouched' });
    const calls = [
      { path: `/api/songs/${song.id}`, method: 'PATCH', json: { title: 'Mine' } },
      { path: `/api/songs/${song.id}/status`, method: 'PATCH', json: { status: 'pending' } },
      { path: `/api/songs/${song.id}`, method: 'DELETE' },
      { path: '/api/songs/bulk/delete', method: 'POST', json: { songIds: [song.id] } },
      { path: '/api/songs/bulk/delete', method: 'POST', json: { songIds: 'nonsense' } },
    ];
    for (const { path, ...init } of calls) {
      expect((await server.request(path, { ...init, cookie: user })).status).toBe(403);
      expect((await server.request(path, init)).status).toBe(401);
    }
    const row = findSongById(server.db, song.id)!.song;
    expect([row.title, row.status, row.deletedAt]).toEqual(['Untouched', 'published', null]);
  });
});
