import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { replaceSongLyrics } from '../../db/queries/lyrics.ts';
import { findUserByUsername } from '../../db/queries/users.ts';
import { songs } from '../../db/schema/index.ts';
import { albumShareSchema, playlistShareSchema } from '../../src/shared/schemas/share.ts';
import { songSchema } from '../../src/shared/schemas/song.ts';
import { insertAlbum, insertPlaylist, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';
import { shapeErrors } from '../../src/testing/shapes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const get = (path: string) => server.request(path);
const notFound = async (path: string) => {
  const response = await get(path);
  expect(response.status).toBe(404);
  expect(typeof (await response.json()).error).toBe('string');
};

describe('GET /api/share/song/:shareId', () => {
  test('a published song, with its album name and no internal columns', async () => {
    const album = insertAlbum(server.db, { name: 'Road Trip' });
    const song = insertSong(server.db, { title: 'Drive', albumId: album.id });
    const response = await get(`/api/share/song/${song.shareId}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ id: song.id, title: 'Drive', albumName: 'Road Trip', shareId: song.shareId });
    expect(body.audioUrl).toBe(`/media/songs/${song.shareId}/${song.audioHash}.mp3`);
    expect(body).not.toHaveProperty('audioHash');
    expect(body).not.toHaveProperty('audioPath');
  });

  test('missing, pending, trashed and malformed all answer the same 404', async () => {
    const pending = insertSong(server.db, { status: 'pending' });
    const trashed = insertSong(server.db, { deletedAt: new Date() });
    await notFound(`/api/share/song/${pending.shareId}`);
    await notFound(`/api/share/song/${trashed.shareId}`);
    await notFound('/api/share/song/AAAAAAAAAAAAAAAAAAAAAA');
    await notFound('/api/share/song/..%2f..%2fetc');
  });

  test('a trashed album does not lend its name', async () => {
    const album = insertAlbum(server.db, { name: 'Gone', deletedAt: new Date() });
    const song = insertSong(server.db, { albumId: album.id });
    expect((await (await get(`/api/share/song/${song.shareId}`)).json()).albumName).toBeNull();
  });

  test('unpublishing cuts the share off at once', async () => {
    const song = insertSong(server.db);
    expect((await get(`/api/share/song/${song.shareId}`)).status).toBe(200);
    server.db.update(songs).set({ status: 'pending' }).where(eq(songs.id, song.id)).run();
    await notFound(`/api/share/song/${song.shareId}`);
  });
});

describe('GET /api/share/album/:shareId', () => {
  test('published, live songs in album order then title', async () => {
    const album = insertAlbum(server.db, { name: 'Ordered' });
    insertSong(server.db, { albumId: album.id, title: 'b-untracked' });
    insertSong(server.db, { albumId: album.id, title: 'Second', albumOrder: 2 });
    insertSong(server.db, { albumId: album.id, title: 'A-untracked' });
    insertSong(server.db, { albumId: album.id, title: 'First', albumOrder: 1 });
    insertSong(server.db, { albumId: album.id, title: 'Hidden', status: 'pending' });
    insertSong(server.db, { albumId: album.id, title: 'Binned', deletedAt: new Date() });
    const body = await (await get(`/api/share/album/${album.shareId}`)).json();
    expect(body.album).toMatchObject({ id: album.id, name: 'Ordered' });
    expect(body.songs.map((s: { title: string }) => s.title)).toEqual(['First', 'Second', 'A-untracked', 'b-untracked']);
    expect(body.songs[0].albumName).toBe('Ordered');
  });

  test('an album of pending uploads only is 404 until one of its songs is published', async () => {
    const album = insertAlbum(server.db, { name: 'Not yet' });
    const song = insertSong(server.db, { albumId: album.id, status: 'pending' });
    insertSong(server.db, { albumId: album.id, deletedAt: new Date() });
    await notFound(`/api/share/album/${album.shareId}`);
    server.db.update(songs).set({ status: 'published' }).where(eq(songs.id, song.id)).run();
    expect((await get(`/api/share/album/${album.shareId}`)).status).toBe(200);
  });

  test('a trashed or missing album is 404', async () => {
    const album = insertAlbum(server.db, { deletedAt: new Date() });
    await notFound(`/api/share/album/${album.shareId}`);
    await notFound('/api/share/album/nope-nope-nope-nope');
  });
});

describe('GET /api/share/playlist/:shareId', () => {
  test('songs in playlist order, skipping unpublished and trashed ones', async () => {
    await server.signUp('pl-owner');
    const user = findUserByUsername(server.db, 'pl-owner')!;
    const a = insertSong(server.db, { title: 'Zed', artworkUrl: '/objects/images/a.png' });
    const hidden = insertSong(server.db, { title: 'Hidden', status: 'pending' });
    const binned = insertSong(server.db, { title: 'Binned', deletedAt: new Date() });
    const b = insertSong(server.db, { title: 'Alpha' });
    const playlist = insertPlaylist(server.db, { userId: user.id, name: 'Mix' }, [a.id, hidden.id, binned.id, b.id]);
    const body = await (await get(`/api/share/playlist/${playlist.shareId}`)).json();
    expect(body.playlist).toMatchObject({ name: 'Mix', artworkUrl: '/objects/images/a.png' });
    expect(body.songs.map((s: { title: string }) => s.title)).toEqual(['Zed', 'Alpha']);
  });

  test('a missing playlist is 404', async () => {
    await notFound('/api/share/playlist/AAAAAAAAAAAAAAAAAAAAAA');
  });
});

describe('shared schemas (src/shared/schemas/share.ts)', () => {
  test('song, album and playlist shares answer exactly the shared shapes', async () => {
    await server.signUp('shape-owner');
    const userId = findUserByUsername(server.db, 'shape-owner')!.id;
    const album = insertAlbum(server.db, { name: 'Shape share', artworkUrl: '/objects/images/s.png' });
    const song = insertSong(server.db, { albumId: album.id, tags: ['x'], artist: 'Artist' });
    const playlist = insertPlaylist(server.db, { userId, name: 'Shape mix' }, [song.id]);
    expect(shapeErrors(songSchema, await (await get(`/api/share/song/${song.shareId}`)).json())).toEqual([]);
    expect(shapeErrors(albumShareSchema, await (await get(`/api/share/album/${album.shareId}`)).json())).toEqual([]);
    expect(shapeErrors(playlistShareSchema, await (await get(`/api/share/playlist/${playlist.shareId}`)).json())).toEqual([]);
  });
});

describe("GET a shared song's lyrics", () => {
  const words = { synced: true, lang: 'en', lines: [{ start: 1000, value: 'Sing <b>along</b>' }, { start: 3000, value: 'Second line' }] };
  const withLyrics = (overrides: Parameters<typeof insertSong>[1] = {}) => {
    const song = insertSong(server.db, overrides);
    replaceSongLyrics(server.db, song.id, { ...words, source: 'admin' });
    return song;
  };

  test("a song share's lyrics and a collection's song's, without a session, as plain text", async () => {
    const song = withLyrics({ title: 'Sung' });
    const single = await get(`/api/share/song/${song.shareId}/lyrics`);
    expect(single.status).toBe(200);
    expect(await single.json()).toEqual(words);

    const album = insertAlbum(server.db, { name: 'Sing-along' });
    const sung = withLyrics({ title: 'In the album', albumId: album.id });
    expect(await (await get(`/api/share/album/${album.shareId}/songs/${sung.id}/lyrics`)).json()).toEqual(words);

    await server.signUp('lyrics-owner');
    const owner = findUserByUsername(server.db, 'lyrics-owner')!;
    const playlist = insertPlaylist(server.db, { userId: owner.id, name: 'Car songs' }, [song.id]);
    expect(await (await get(`/api/share/playlist/${playlist.shareId}/songs/${song.id}/lyrics`)).json()).toEqual(words);
  });

  test('only songs the share shows: none, unpublished, outside the collection or a bad id all answer 404', async () => {
    const bare = insertSong(server.db, { title: 'Hummed' });
    const response = await get(`/api/share/song/${bare.shareId}/lyrics`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'This song has no lyrics' });
    const pending = withLyrics({ status: 'pending' });
    await notFound(`/api/share/song/${pending.shareId}/lyrics`);
    const album = insertAlbum(server.db, { name: 'Other album' });
    insertSong(server.db, { albumId: album.id });
    const elsewhere = withLyrics({ title: 'Not in it' });
    await notFound(`/api/share/album/${album.shareId}/songs/${elsewhere.id}/lyrics`);
    await notFound(`/api/share/playlist/${album.shareId}/songs/${elsewhere.id}/lyrics`);
    expect((await get(`/api/share/album/${album.shareId}/songs/x1/lyrics`)).status).toBe(400);
  });
});
