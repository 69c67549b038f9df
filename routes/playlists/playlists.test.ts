import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { findUserByUsername } from '../../db/queries/users.ts';
import type { PlaylistDto, SongDto } from '../../src/shared/types.ts';
import { insertPlaylist, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let owner: string;
let other: string;
let admin: string;
let ownerId: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signUp('pl-owner');
  other = await server.signUp('pl-other');
  admin = await server.signUp('pl-admin', { isAdmin: true });
  ownerId = findUserByUsername(server.db, 'pl-owner')!.id;
});
afterAll(() => server.stop());

const json = async <T>(response: Response) => (await response.json()) as T;
const titles = async (response: Response) => (await json<SongDto[]>(response)).map((s) => s.title);

describe('creating and listing', () => {
  test('create trims the name, gives a shareId; the list shows only your own live playlists by name', async () => {
    const created = await server.request('/api/playlists', { method: 'POST', json: { name: '  zeta mix ' }, cookie: owner });
    expect(created.status).toBe(201);
    const playlist = await json<PlaylistDto>(created);
    expect(playlist).toMatchObject({ name: 'zeta mix', userId: ownerId, artworkUrl: null });
    expect(playlist.shareId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    insertPlaylist(server.db, { userId: ownerId, name: 'Alpha' });
    insertPlaylist(server.db, { userId: ownerId, name: 'Binned', deletedAt: new Date() });
    await server.request('/api/playlists', { method: 'POST', json: { name: 'Not mine' }, cookie: other });
    const mine = await json<PlaylistDto[]>(await server.request('/api/playlists', { cookie: owner }));
    expect(mine.map((p) => p.name)).toEqual(['Alpha', 'zeta mix']);
  });

  test('a blank or missing name is 400', async () => {
    for (const json of [{ name: '' }, { name: ' \t ' }, {}, { name: 3 }]) {
      expect((await server.request('/api/playlists', { method: 'POST', json, cookie: owner })).status).toBe(400);
    }
  });

  test('artworkUrl falls back to the first visible song with artwork', async () => {
    const hidden = insertSong(server.db, { artworkUrl: '/objects/hidden.webp', deletedAt: new Date() });
    const plain = insertSong(server.db, { artworkUrl: null });
    const pictured = insertSong(server.db, { artworkUrl: '/objects/first.webp' });
    const playlist = insertPlaylist(server.db, { userId: ownerId }, [hidden.id, plain.id, pictured.id]);
    const got = await json<PlaylistDto>(await server.request(`/api/playlists/${playlist.id}`, { cookie: other }));
    expect(got.artworkUrl).toBe('/objects/first.webp');
  });
});

describe('songs of a playlist', () => {
  test('listed in order, hiding unpublished and trashed songs; anyone signed in may view', async () => {
    const [a, b, c, d] = ['One', 'Two', 'Three', 'Four'].map((title, i) =>
      insertSong(server.db, { title, status: i === 1 ? 'pending' : 'published', deletedAt: i === 2 ? new Date() : null }),
    );
    const playlist = insertPlaylist(server.db, { userId: ownerId }, [d!.id, a!.id, b!.id, c!.id]);
    expect(await titles(await server.request(`/api/playlists/${playlist.id}/songs`, { cookie: other }))).toEqual(['Four', 'One']);
  });

  test('add: published and live only; already present is 409', async () => {
    const playlist = insertPlaylist(server.db, { userId: ownerId });
    const song = insertSong(server.db, { title: 'Added' });
    const path = `/api/playlists/${playlist.id}/songs`;
    const added = await server.request(path, { method: 'POST', json: { songId: song.id }, cookie: owner });
    expect(added.status).toBe(201);
    expect(await titles(added)).toEqual(['Added']);
    const again = await server.request(path, { method: 'POST', json: { songId: song.id }, cookie: owner });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'This song is already in the playlist' });
    const pending = insertSong(server.db, { status: 'pending' });
    const trashed = insertSong(server.db, { deletedAt: new Date() });
    for (const songId of [pending.id, trashed.id, 999999]) {
      const response = await server.request(path, { method: 'POST', json: { songId }, cookie: admin });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Song not found' });
    }
    expect((await server.request(path, { method: 'POST', json: { songId: 'x' }, cookie: owner })).status).toBe(400);
  });

  test('containing: the ids of your own live playlists that already hold the song', async () => {
    const song = insertSong(server.db, { title: 'Held' });
    const elsewhere = insertSong(server.db, { title: 'Elsewhere' });
    const first = insertPlaylist(server.db, { userId: ownerId }, [elsewhere.id, song.id]);
    insertPlaylist(server.db, { userId: ownerId }, [elsewhere.id]);
    const third = insertPlaylist(server.db, { userId: ownerId }, [song.id]);
    insertPlaylist(server.db, { userId: ownerId, deletedAt: new Date() }, [song.id]);
    insertPlaylist(server.db, { userId: findUserByUsername(server.db, 'pl-admin')!.id }, [song.id]);
    const answer = await server.request(`/api/playlists/containing/${song.id}`, { cookie: owner });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ playlistIds: [first.id, third.id] });
    expect(await (await server.request('/api/playlists/containing/999999', { cookie: owner })).json()).toEqual({ playlistIds: [] });
    const bad = await server.request('/api/playlists/containing/abc', { cookie: owner });
    expect([bad.status, await bad.json()]).toEqual([404, { error: 'Song not found' }]);
    expect((await server.request(`/api/playlists/containing/${song.id}`)).status).toBe(401);
  });

  test('remove and reorder', async () => {
    const songs = ['A', 'B', 'C'].map((title) => insertSong(server.db, { title }));
    const hidden = insertSong(server.db, { title: 'H', status: 'pending' });
    const playlist = insertPlaylist(server.db, { userId: ownerId }, [...songs.map((s) => s.id), hidden.id]);
    const path = `/api/playlists/${playlist.id}/songs`;
    const removed = await server.request(`${path}/${songs[1]!.id}`, { method: 'DELETE', cookie: owner });
    expect(removed.status).toBe(204);
    expect(await titles(await server.request(path, { cookie: owner }))).toEqual(['A', 'C']);
    expect((await server.request(`${path}/${songs[1]!.id}`, { method: 'DELETE', cookie: owner })).status).toBe(404);
    expect((await server.request(`${path}/abc`, { method: 'DELETE', cookie: owner })).status).toBe(404);

    const order = [songs[2]!.id, songs[0]!.id];
    const reordered = await server.request(path, { method: 'PUT', json: { songIds: order }, cookie: owner });
    expect(await titles(reordered)).toEqual(['C', 'A']);
    for (const bad of [[songs[2]!.id], [songs[2]!.id, songs[0]!.id, songs[0]!.id], [songs[2]!.id, songs[0]!.id, hidden.id]]) {
      const response = await server.request(path, { method: 'PUT', json: { songIds: bad }, cookie: owner });
      expect(response.status).toBe(400);
    }
    // The hidden song comes back, at the end, when published.
    await server.request(`/api/songs/${hidden.id}/status`, { method: 'PATCH', json: { status: 'published' }, cookie: admin });
    expect(await titles(await server.request(path, { cookie: owner }))).toEqual(['C', 'A', 'H']);
  });
});

describe('ownership', () => {
  test('owner and admin may change; another member gets 403; signed out 401', async () => {
    const song = insertSong(server.db);
    const fresh = () => insertPlaylist(server.db, { userId: ownerId, name: 'Owned' }, [song.id]);
    const changes = (id: number, added = insertSong(server.db).id) => [
      { path: `/api/playlists/${id}`, method: 'PATCH', json: { name: 'Renamed' } },
      { path: `/api/playlists/${id}/songs`, method: 'POST', json: { songId: added } },
      { path: `/api/playlists/${id}/songs`, method: 'PUT', json: { songIds: [added, song.id] } },
      { path: `/api/playlists/${id}/songs/${song.id}`, method: 'DELETE' },
      { path: `/api/playlists/${id}`, method: 'DELETE' },
    ];
    const expected = [200, 201, 200, 204, 204];
    for (const cookie of [owner, admin]) {
      const playlist = fresh();
      const statuses = [];
      for (const { path, ...init } of changes(playlist.id)) statuses.push((await server.request(path, { ...init, cookie })).status);
      expect(statuses).toEqual(expected);
    }
    const playlist = fresh();
    for (const { path, ...init } of changes(playlist.id)) {
      const forbidden = await server.request(path, { ...init, cookie: other });
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toEqual({ error: 'Only the person who made this playlist (or an admin) can change it' });
      expect((await server.request(path, init)).status).toBe(401);
      expect((await server.request(path, { ...init, json: { junk: true } })).status).toBe(401);
    }
    for (const path of ['/api/playlists', `/api/playlists/${playlist.id}`, `/api/playlists/${playlist.id}/songs`]) {
      expect((await server.request(path)).status).toBe(401);
      expect((await server.request(path, { cookie: other })).status).toBe(200);
    }
  });

  test('a trashed playlist is gone for everyone; malformed ids are 404', async () => {
    const playlist = insertPlaylist(server.db, { userId: ownerId });
    expect((await server.request(`/api/playlists/${playlist.id}`, { method: 'DELETE', cookie: owner })).status).toBe(204);
    for (const id of [String(playlist.id), '999999', 'abc', '1e3', '..%2Fx']) {
      expect((await server.request(`/api/playlists/${id}`, { cookie: owner })).status).toBe(404);
      expect((await server.request(`/api/playlists/${id}/songs`, { cookie: admin })).status).toBe(404);
      expect((await server.request(`/api/playlists/${id}`, { method: 'PATCH', json: { name: 'x' }, cookie: admin })).status).toBe(404);
    }
    const mine = await json<PlaylistDto[]>(await server.request('/api/playlists', { cookie: owner }));
    expect(mine.map((p) => p.id)).not.toContain(playlist.id);
  });
});
