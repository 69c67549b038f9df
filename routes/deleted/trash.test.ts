import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { findAlbumById } from '../../db/queries/albums.ts';
import { findSongById } from '../../db/queries/songs.ts';
import { findUserByUsername } from '../../db/queries/users.ts';
import { purgeJob } from '../../src/jobs/index.ts';
import { createLogger } from '../../src/logger.ts';
import { deletedAlbumListSchema, deletedSongListSchema } from '../../src/shared/schemas/trash.ts';
import type { AlbumDto, PlaylistDto, SongDto } from '../../src/shared/types.ts';
import { insertAlbum, insertPlaylist, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';
import { shapeErrors } from '../../src/testing/shapes.ts';

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
let user: string;
let admin: string;
let userId: number;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signUp('trash-user');
  admin = await server.signUp('trash-admin', { isAdmin: true });
  userId = findUserByUsername(server.db, 'trash-user')!.id;
});
afterAll(() => server.stop());

const get = async <T>(path: string, cookie = admin) => {
  const response = await server.request(path, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};
const del = (path: string, cookie = admin) => server.request(path, { method: 'DELETE', cookie });
const post = (path: string, cookie = admin) => server.request(path, { method: 'POST', cookie });
const ids = (items: { id: number }[]) => items.map((item) => item.id);
const jobDeps = () => ({ db: server.db, config: server.config, storage: server.storage, log: createLogger('silent'), now: server.now });

describe('a trashed song disappears from every read path at once', () => {
  test('library, admin list, album songs, playlist songs, search, and comes back on restore', async () => {
    const album = insertAlbum(server.db, { name: 'Vanishing Album' });
    const song = insertSong(server.db, { title: 'Vanishing Tune', albumId: album.id });
    const playlist = insertPlaylist(server.db, { userId }, [song.id]);
    const paths = {
      library: '/api/songs',
      all: '/api/songs/all',
      album: `/api/albums/${album.id}/songs`,
      playlist: `/api/playlists/${playlist.id}/songs`,
    };
    const visibleEverywhere = async () => {
      const seen = [];
      for (const path of Object.values(paths)) seen.push(ids(await get<SongDto[]>(path)).includes(song.id));
      const search = await get<{ songs: SongDto[] }>('/api/search?q=vanishing');
      seen.push(ids(search.songs).includes(song.id));
      return seen;
    };
    expect(await visibleEverywhere()).toEqual([true, true, true, true, true]);
    expect((await del(`/api/songs/${song.id}`)).status).toBe(204);
    expect(await visibleEverywhere()).toEqual([false, false, false, false, false]);

    const deleted = await get<(SongDto & { daysRemaining: number })[]>('/api/deleted/songs');
    expect(deleted.find((s) => s.id === song.id)).toMatchObject({ title: 'Vanishing Tune', daysRemaining: 7 });
    expect(deleted.find((s) => s.id === song.id)?.deletedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const restored = await post(`/api/songs/${song.id}/restore`);
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as SongDto).deletedAt).toBeNull();
    expect(await visibleEverywhere()).toEqual([true, true, true, true, true]);
    expect(ids(await get<SongDto[]>('/api/deleted/songs'))).not.toContain(song.id);
  });

  test('a trashed album leaves lists and lookups; restore brings it back; a taken name is 409', async () => {
    const album = insertAlbum(server.db, { name: 'Phoenix' });
    expect((await del(`/api/albums/${album.id}`)).status).toBe(204);
    expect(ids(await get<AlbumDto[]>('/api/albums'))).not.toContain(album.id);
    const deleted = await get<(AlbumDto & { daysRemaining: number })[]>('/api/deleted/albums');
    expect(deleted.find((a) => a.id === album.id)).toMatchObject({ name: 'Phoenix', daysRemaining: 7 });

    const clash = insertAlbum(server.db, { name: 'PHOENIX' });
    const refused = await post(`/api/albums/${album.id}/restore`);
    expect(refused.status).toBe(409);
    await del(`/api/albums/${clash.id}`);
    expect((await post(`/api/albums/${album.id}/restore`)).status).toBe(200);
    expect(ids(await get<AlbumDto[]>('/api/albums'))).toContain(album.id);
    expect((await post(`/api/albums/${album.id}/restore`)).status).toBe(409);
  });
});

describe('days remaining and permanent delete', () => {
  test('days remaining counts whole days down to 0', async () => {
    const song = insertSong(server.db, { deletedAt: new Date(server.now() - (2 * DAY + 60_000)) });
    const old = insertSong(server.db, { deletedAt: new Date(server.now() - 30 * DAY) });
    const deleted = await get<(SongDto & { daysRemaining: number })[]>('/api/deleted/songs');
    expect(deleted.find((s) => s.id === song.id)?.daysRemaining).toBe(5);
    expect(deleted.find((s) => s.id === old.id)?.daysRemaining).toBe(0);
  });

  test('permanent delete removes trashed songs and albums only', async () => {
    const song = insertSong(server.db);
    const album = insertAlbum(server.db);
    expect((await del(`/api/songs/${song.id}/permanent`)).status).toBe(409);
    expect((await del(`/api/albums/${album.id}/permanent`)).status).toBe(409);
    await del(`/api/songs/${song.id}`);
    await del(`/api/albums/${album.id}`);
    expect((await del(`/api/songs/${song.id}/permanent`)).status).toBe(204);
    expect((await del(`/api/albums/${album.id}/permanent`)).status).toBe(204);
    expect(findSongById(server.db, song.id)).toBeUndefined();
    expect(findAlbumById(server.db, album.id)).toBeUndefined();
    for (const id of [String(song.id), 'abc', '1e3']) {
      expect((await del(`/api/songs/${id}/permanent`)).status).toBe(404);
      expect((await post(`/api/songs/${id}/restore`)).status).toBe(404);
      expect((await post(`/api/albums/${id}/restore`)).status).toBe(404);
    }
  });

  test('every trash route is 401 signed out and 403 for users', async () => {
    const song = insertSong(server.db, { deletedAt: new Date() });
    const album = insertAlbum(server.db, { deletedAt: new Date() });
    const calls = [
      { path: '/api/deleted/songs', method: 'GET' },
      { path: '/api/deleted/albums', method: 'GET' },
      { path: `/api/songs/${song.id}/restore`, method: 'POST' },
      { path: `/api/albums/${album.id}/restore`, method: 'POST' },
      { path: `/api/songs/${song.id}/permanent`, method: 'DELETE' },
      { path: `/api/albums/${album.id}/permanent`, method: 'DELETE' },
    ];
    for (const { path, method } of calls) {
      expect((await server.request(path, { method })).status).toBe(401);
      expect((await server.request(path, { method, cookie: user })).status).toBe(403);
    }
    expect(findSongById(server.db, song.id)?.song.deletedAt).toBeInstanceOf(Date);
  });
});

describe('the purge job', () => {
  test('removes what was trashed more than 7 days ago by the moved clock, and unlinks songs of purged albums', async () => {
    const album = insertAlbum(server.db, { name: 'Purged Album' });
    const keptSong = insertSong(server.db, { title: 'Orphan', albumId: album.id });
    const doomedSong = insertSong(server.db, { title: 'Doomed' });
    const playlist = insertPlaylist(server.db, { userId }, [keptSong.id, doomedSong.id]);
    await del(`/api/albums/${album.id}`);
    await del(`/api/songs/${doomedSong.id}`);
    await server.request(`/api/playlists/${playlist.id}`, { method: 'DELETE', cookie: user });

    server.advance(6 * DAY);
    const early = await purgeJob.purgeNow(jobDeps());
    expect(ids(early.songs)).not.toContain(doomedSong.id);
    expect(findSongById(server.db, doomedSong.id)).toBeDefined();
    const deleted = await get<(SongDto & { daysRemaining: number })[]>('/api/deleted/songs');
    expect(deleted.find((s) => s.id === doomedSong.id)?.daysRemaining).toBe(1);

    server.advance(DAY + 60_000);
    await purgeJob.run(jobDeps(), new AbortController().signal);
    expect(findSongById(server.db, doomedSong.id)).toBeUndefined();
    expect(findAlbumById(server.db, album.id)).toBeUndefined();
    const orphan = findSongById(server.db, keptSong.id)!;
    expect(orphan.song.albumId).toBeNull();
    expect(orphan.song.deletedAt).toBeNull();
    expect((await server.request(`/api/playlists/${playlist.id}`, { cookie: user })).status).toBe(404);
    const search = await get<{ songs: SongDto[] }>('/api/search?q=orphan');
    expect(search.songs.map((s) => s.albumName)).toEqual([null]);
    expect((await get<{ songs: SongDto[] }>('/api/search?q=purged')).songs).toEqual([]);
  });

  test('returns the purged rows for media clean-up', async () => {
    const song = insertSong(server.db, { deletedAt: new Date(server.now() - 8 * DAY) });
    const album = insertAlbum(server.db, { deletedAt: new Date(server.now() - 8 * DAY) });
    insertPlaylist(server.db, { userId, deletedAt: new Date(server.now() - 8 * DAY) });
    const result = await purgeJob.purgeNow(jobDeps());
    expect(result.songs.map((s) => [s.id, s.audioHash])).toEqual([[song.id, song.audioHash]]);
    expect(ids(result.albums)).toEqual([album.id]);
    expect(result.playlists).toBe(1);
    expect(await purgeJob.purgeNow(jobDeps())).toEqual({ songs: [], albums: [], playlists: 0 });
  });
});

describe('playlists in the trash', () => {
  test('a trashed playlist leaves its owner’s list', async () => {
    const playlist = insertPlaylist(server.db, { userId });
    await server.request(`/api/playlists/${playlist.id}`, { method: 'DELETE', cookie: user });
    expect(ids(await get<PlaylistDto[]>('/api/playlists', user))).not.toContain(playlist.id);
  });
});

describe('shared schemas (src/shared/schemas/trash.ts)', () => {
  test('the Deleted lists answer exactly the shared shapes', async () => {
    const album = insertAlbum(server.db, { name: 'Shape binned', deletedAt: new Date(server.now()) });
    insertSong(server.db, { title: 'Shape binned song', albumId: album.id, deletedAt: new Date(server.now()) });
    const songs = await get<unknown[]>('/api/deleted/songs');
    const albums = await get<unknown[]>('/api/deleted/albums');
    expect(songs.length).toBeGreaterThan(0);
    expect(albums.length).toBeGreaterThan(0);
    expect(shapeErrors(deletedSongListSchema, songs)).toEqual([]);
    expect(shapeErrors(deletedAlbumListSchema, albums)).toEqual([]);
  });
});
