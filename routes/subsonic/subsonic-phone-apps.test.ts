import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { XMLParser } from 'fast-xml-parser';
import { SubsonicAPI } from 'subsonic-api';
import { findUserByUsername } from '../../db/queries/users.ts';
import type { SongRow } from '../../db/schema/index.ts';
import type { NewAppPasswordDto } from '../../src/shared/types.ts';
import { insertAlbum, insertPlaylist, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

// What the phone apps keep through the API: ratings, the play queue across devices, bookmarks,
// shares (Hearth's own links), radio stations, and playback reports that count plays.
let server: TestServer;
let alicePassword: string;
let bobPassword: string;
let adminPassword: string;
let alice: SubsonicAPI;
let admin: SubsonicAPI;
const songs: Record<string, SongRow> = {};
let albumId: number;
let albumShareId: string;

const newAppPassword = async (cookie: string) =>
  ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Phone' }, cookie })).json()) as NewAppPasswordDto).password;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://music.example' });
  alicePassword = await newAppPassword(await server.signUp('alice', { password: 'web password 1' }));
  bobPassword = await newAppPassword(await server.signUp('bob', { password: 'web password 2' }));
  adminPassword = await newAppPassword(await server.signUp('boss', { isAdmin: true }));
  alice = new SubsonicAPI({ url: server.url, auth: { username: 'alice', password: alicePassword } });
  admin = new SubsonicAPI({ url: server.url, auth: { username: 'boss', password: adminPassword } });
  const album = insertAlbum(server.db, { name: 'Long Songs' });
  albumId = album.id;
  albumShareId = album.shareId;
  songs.one = insertSong(server.db, { title: 'One', artist: 'Ann', albumId, albumOrder: 1, duration: 300 });
  songs.two = insertSong(server.db, { title: 'Two', artist: 'Ann', albumId, albumOrder: 2, duration: 100 });
  songs.three = insertSong(server.db, { title: 'Three', artist: 'Ann', duration: 200 });
  songs.pending = insertSong(server.db, { title: 'Pending', artist: 'Ann', status: 'pending' });
});
afterAll(() => server.stop());

const request = (method: string, query: Record<string, string | string[]> = {}, password = alicePassword, user = 'alice') => {
  const search = new URLSearchParams({ u: user, p: password, v: '1.16.1', c: 'car' });
  for (const [name, value] of Object.entries(query)) for (const one of [value].flat()) search.append(name, one);
  return server.request(`/rest/${method}?${search}`);
};
const json = async (method: string, query: Record<string, string | string[]> = {}, password?: string, user?: string) =>
  ((await (await request(method, { f: 'json', ...query }, password, user)).json()) as { 'subsonic-response': Record<string, any> })['subsonic-response'];
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['entry', 'share', 'bookmark', 'internetRadioStation', 'album', 'openSubsonicExtensions'].includes(name) });
const xml = async (method: string, query: Record<string, string | string[]> = {}) => parser.parse(await (await request(method, query)).text())['subsonic-response'];
const id = (song: SongRow) => String(song.id);

describe('ratings', () => {
  test('setRating shows as userRating on songs and albums and orders the highest list; 0 removes it', async () => {
    await alice.setRating({ id: id(songs.one!), rating: 4 });
    await alice.setRating({ id: `al-${albumId}`, rating: 5 });
    expect(((await alice.getSong({ id: id(songs.one!) })) as any).song.userRating).toBe(4);
    expect((await json('getAlbum', { id: `al-${albumId}` })).album.userRating).toBe(5);
    expect((await json('getAlbumList2', { type: 'highest' })).albumList2.album.map((album: any) => album.name)).toEqual(['Long Songs']);
    expect((await xml('getAlbumList', { type: 'highest' })).albumList.album[0]).toMatchObject({ title: 'Long Songs', userRating: '5' });
    // Ratings are per person.
    expect((await json('getSong', { id: id(songs.one!) }, bobPassword, 'bob')).song.userRating).toBeUndefined();
    await alice.setRating({ id: id(songs.one!), rating: 0 });
    expect((await json('getSong', { id: id(songs.one!) })).song.userRating).toBeUndefined();
    expect((await json('setRating', { id: id(songs.one!), rating: '6' })).error.code).toBe(0);
    expect((await json('setRating', { id: id(songs.pending!), rating: '3' })).error.code).toBe(70);
    expect((await json('setRating', { id: id(songs.one!) })).error.code).toBe(10);
  });
});

describe('the play queue across devices', () => {
  test('saved by one app, resumed by another; by index keeps a song queued twice apart', async () => {
    expect((await json('getPlayQueue')).playQueue).toEqual({ username: 'alice', changed: new Date(0).toISOString(), changedBy: '' });
    await alice.savePlayQueue({ id: [id(songs.one!), id(songs.two!), id(songs.three!)], current: id(songs.two!), position: 61_000 });
    const queue = (await json('getPlayQueue')).playQueue;
    expect(queue).toMatchObject({ current: id(songs.two!), position: 61_000, username: 'alice', changedBy: 'subsonic-api' });
    expect(queue.entry.map((song: any) => song.title)).toEqual(['One', 'Two', 'Three']);
    expect((await json('savePlayQueueByIndex', { id: [id(songs.three!), id(songs.one!), id(songs.three!)], currentIndex: '2', position: '5' })).status).toBe('ok');
    const byIndex = (await json('getPlayQueueByIndex')).playQueueByIndex;
    expect(byIndex).toMatchObject({ currentIndex: 2, position: 5, changedBy: 'car' });
    expect(byIndex.entry.map((song: any) => song.title)).toEqual(['Three', 'One', 'Three']);
    const inXml = (await xml('getPlayQueueByIndex')).playQueueByIndex;
    expect(inXml.currentIndex).toBe('2');
    expect(inXml.entry).toHaveLength(3);
    expect((await json('savePlayQueueByIndex', { id: [id(songs.one!)], currentIndex: '1' })).error.code).toBe(10);
    // Another person's queue is their own.
    expect((await json('getPlayQueue', {}, bobPassword, 'bob')).playQueue).not.toHaveProperty('entry');
  });

  test('a song the family can no longer hear drops out; the current index follows its song', async () => {
    const gone = insertSong(server.db, { title: 'Soon Gone', artist: 'Ann' });
    await json('savePlayQueueByIndex', { id: [id(gone), id(songs.one!), id(songs.two!)], currentIndex: '2' });
    server.db.$client.run(`UPDATE songs SET deleted_at = 1 WHERE id = ${gone.id}`);
    const queue = (await json('getPlayQueueByIndex')).playQueueByIndex;
    expect(queue.entry.map((song: any) => song.title)).toEqual(['One', 'Two']);
    expect(queue.currentIndex).toBe(1);
    expect((await json('getPlayQueue')).playQueue.current).toBe(id(songs.two!));
    // An empty save clears it.
    await json('savePlayQueue');
    expect((await json('getPlayQueue')).playQueue).not.toHaveProperty('entry');
    expect((await json('getPlayQueueByIndex')).playQueueByIndex).toEqual({ username: 'alice', changed: new Date(0).toISOString(), changedBy: '' });
  });
});

describe('bookmarks', () => {
  test('created, moved, listed with the song, deleted', async () => {
    await alice.createBookmark({ id: id(songs.one!), position: 1000, comment: 'chapter 2' });
    await alice.createBookmark({ id: id(songs.one!), position: 2000, comment: 'chapter 3' });
    const list = (await json('getBookmarks')).bookmarks.bookmark;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ position: 2000, comment: 'chapter 3', username: 'alice', entry: { title: 'One' } });
    expect((await xml('getBookmarks')).bookmarks.bookmark[0].entry[0].title).toBe('One');
    expect((await json('createBookmark', { id: id(songs.pending!), position: '1' })).error.code).toBe(70);
    expect((await json('getBookmarks', {}, bobPassword, 'bob')).bookmarks).toEqual({ bookmark: [] });
    await alice.deleteBookmark({ id: id(songs.one!) });
    expect((await json('getBookmarks')).bookmarks).toEqual({ bookmark: [] });
  });

  test('the bookmark of a song since unpublished can still be deleted', async () => {
    await alice.createBookmark({ id: id(songs.two!), position: 500 });
    const boss = await server.login('boss', 'correct horse');
    const status = (value: string) => server.request(`/api/songs/${songs.two!.id}/status`, { method: 'PATCH', json: { status: value }, cookie: boss });
    expect((await status('pending')).status).toBe(200);
    expect((await json('deleteBookmark', { id: id(songs.two!) })).status).toBe('ok');
    expect((await status('published')).status).toBe(200);
    expect((await json('getBookmarks')).bookmarks).toEqual({ bookmark: [] });
  });
});

describe('shares are Hearth share links', () => {
  test('a song and an album shared from the app point at their public pages, which answer', async () => {
    const created = (await json('createShare', { id: [id(songs.one!), `al-${albumId}`], description: 'For the road' })).shares.share;
    expect(created).toHaveLength(2);
    expect(created[0]).toMatchObject({ description: 'For the road', username: 'alice', visitCount: 0, url: `https://music.example/share/${songs.one!.shareId}` });
    expect(created[0].entry.map((song: any) => song.title)).toEqual(['One']);
    expect(created[1].url).toBe(`https://music.example/share/album/${albumShareId}`);
    expect(created[1].entry.map((song: any) => song.title)).toEqual(['One', 'Two']);
    const page = await server.request(new URL(created[1].url).pathname);
    expect(page.status).toBe(200);
    expect((await xml('getShares')).shares.share.map((share: any) => share.url)).toEqual(created.map((share: any) => share.url));
  });

  test('a playlist by pl- id; updated and deleted by its maker only; expired ones leave the list', async () => {
    const playlist = insertPlaylist(server.db, { userId: findUserByUsername(server.db, 'alice')!.id, name: 'Trip' }, [songs.two!.id]);
    const [share] = (await json('createShare', { id: `pl-${playlist.id}` })).shares.share;
    expect(share.url).toBe(`https://music.example/share/playlist/${playlist.shareId}`);
    expect((await json('updateShare', { id: share.id, description: 'Mine' }, bobPassword, 'bob')).error.code).toBe(50);
    expect((await json('deleteShare', { id: share.id }, bobPassword, 'bob')).error.code).toBe(50);
    await json('updateShare', { id: share.id, description: 'Road trip', expires: String(Date.now() + 60_000) });
    const updated = (await json('getShares')).shares.share.find((found: any) => found.id === share.id);
    expect(updated.description).toBe('Road trip');
    expect(updated.expires).toBeString();
    expect((await json('createShare', { id: id(songs.two!), expires: '1000' })).error.code).toBe(0);
    await alice.deleteShare({ id: share.id });
    expect((await json('getShares')).shares.share.map((found: any) => found.id)).not.toContain(share.id);
    expect((await json('deleteShare', { id: share.id })).error.code).toBe(70);
    expect((await json('createShare', { id: id(songs.pending!) })).error.code).toBe(70);
  });
});

describe('internet radio stations', () => {
  test('admins add, change and remove stations; everyone lists them', async () => {
    await admin.createInternetRadioStation({ name: 'Jazz FM', streamUrl: 'https://radio.example/jazz.mp3', homepageUrl: 'https://radio.example/' });
    const [station] = (await json('getInternetRadioStations')).internetRadioStations.internetRadioStation;
    expect(station).toMatchObject({ name: 'Jazz FM', streamUrl: 'https://radio.example/jazz.mp3', homePageUrl: 'https://radio.example/' });
    expect((await json('createInternetRadioStation', { name: 'Mine', streamUrl: 'https://x.example/' })).error.code).toBe(50);
    expect((await json('createInternetRadioStation', { name: 'Bad', streamUrl: 'file:///etc/passwd' }, adminPassword, 'boss')).error.code).toBe(0);
    await json('updateInternetRadioStation', { id: station.id, name: 'Jazz 24', streamUrl: 'https://radio.example/24.mp3' }, adminPassword, 'boss');
    expect((await xml('getInternetRadioStations')).internetRadioStations.internetRadioStation[0]).toMatchObject({ name: 'Jazz 24', streamUrl: 'https://radio.example/24.mp3' });
    expect((await json('deleteInternetRadioStation', { id: station.id })).error.code).toBe(50);
    await admin.deleteInternetRadioStation({ id: station.id });
    expect((await json('getInternetRadioStations')).internetRadioStations).toEqual({ internetRadioStation: [] });
  });
});

describe('playback reports (OpenSubsonic playbackReport)', () => {
  test('playing shows in now playing; stopped past half the song counts one play; an early stop does not', async () => {
    const plays = async () => (await json('getSong', { id: id(songs.two!) })).song.playCount;
    const before = await plays();
    await json('reportPlayback', { mediaId: id(songs.two!), mediaType: 'song', positionMs: '0', state: 'playing' });
    expect((await json('getNowPlaying')).nowPlaying.entry.map((entry: any) => entry.title)).toEqual(['Two']);
    await json('reportPlayback', { mediaId: id(songs.two!), mediaType: 'song', positionMs: '10000', state: 'stopped' });
    expect(await plays()).toBe(before);
    expect((await json('getNowPlaying')).nowPlaying).toEqual({ entry: [] });
    await json('reportPlayback', { mediaId: id(songs.two!), mediaType: 'song', positionMs: '60000', state: 'stopped' });
    expect(await plays()).toBe(before + 1);
    await json('reportPlayback', { mediaId: id(songs.two!), mediaType: 'song', positionMs: '60000', state: 'stopped', ignoreScrobble: 'true' });
    expect(await plays()).toBe(before + 1);
    expect((await json('reportPlayback', { mediaId: id(songs.two!), mediaType: 'song', positionMs: '1', state: 'dancing' })).error.code).toBe(0);
    expect((await json('reportPlayback', { mediaId: id(songs.two!), state: 'playing' })).error.code).toBe(10);
  });

  test('getOpenSubsonicExtensions advertises indexBasedQueue, playbackReport and songLyrics', async () => {
    const names = ((await (await server.request('/rest/getOpenSubsonicExtensions?f=json')).json()) as any)['subsonic-response'].openSubsonicExtensions.map((extension: any) => extension.name);
    expect(names).toEqual(expect.arrayContaining(['apiKeyAuthentication', 'formPost', 'indexBasedQueue', 'playbackReport', 'songLyrics']));
  });
});

describe('form posts', () => {
  test('writes work as POST form bodies too (OpenSubsonic formPost), through subsonic-api', async () => {
    const poster = new SubsonicAPI({ url: server.url, auth: { username: 'bob', password: bobPassword }, post: true });
    await poster.savePlayQueue({ id: [id(songs.three!), id(songs.one!)], current: id(songs.one!), position: 7 });
    await poster.createBookmark({ id: id(songs.three!), position: 42 });
    await poster.setRating({ id: id(songs.three!), rating: 2 });
    const queue = ((await poster.getPlayQueue()) as any).playQueue;
    expect([queue.current, queue.position, queue.entry.map((song: any) => song.title)]).toEqual([id(songs.one!), 7, ['Three', 'One']]);
    expect(((await poster.getBookmarks()) as any).bookmarks.bookmark[0]).toMatchObject({ position: 42, entry: { title: 'Three', userRating: 2 } });
  });
});
