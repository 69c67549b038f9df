import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { XMLParser } from 'fast-xml-parser';
import { SubsonicAPI } from 'subsonic-api';
import { eq } from 'drizzle-orm';
import { replaceSongLyrics } from '../../db/queries/lyrics.ts';
import { type SongRow, songs as songTable } from '../../db/schema/index.ts';
import { artistId } from '../../src/services/subsonic/library.ts';
import type { NewAppPasswordDto } from '../../src/shared/types.ts';
import { insertAlbum, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

// The methods apps use beyond browsing: v1 lists and search, genres, instant mixes, info,
// accounts, scans, lyrics, and the methods Hearth does not offer.
let server: TestServer;
let alicePassword: string;
let adminPassword: string;
let alice: SubsonicAPI;
const songs: Record<string, SongRow> = {};
let rockAlbumId: number;
let jazzAlbumId: number;

const newAppPassword = async (cookie: string) =>
  ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Phone' }, cookie })).json()) as NewAppPasswordDto).password;

beforeAll(async () => {
  server = await startTestServer();
  alicePassword = await newAppPassword(await server.signUp('alice', { password: 'web password 1' }));
  adminPassword = await newAppPassword(await server.signUp('boss', { isAdmin: true }));
  alice = new SubsonicAPI({ url: server.url, auth: { username: 'alice', password: alicePassword } });
  const db = server.db;
  rockAlbumId = insertAlbum(db, { name: 'Loud Nights' }).id;
  jazzAlbumId = insertAlbum(db, { name: 'Blue Hours' }).id;
  songs.rock1 = insertSong(db, { title: 'Thunder', artist: 'Amp Kings', tags: ['Rock'], albumId: rockAlbumId, albumOrder: 1 });
  songs.rock2 = insertSong(db, { title: 'Lightning', artist: 'Amp Kings', tags: ['rock', 'Live'], albumId: rockAlbumId, albumOrder: 2 });
  songs.rock3 = insertSong(db, { title: 'Garage Day', artist: 'Fuzz Band', tags: ['Rock'] });
  songs.jazz1 = insertSong(db, { title: 'Late Set', artist: 'Sax Trio', tags: ['Jazz'], albumId: jazzAlbumId });
  songs.loose1 = insertSong(db, { title: 'Demo One', artist: 'Amp Kings' });
  songs.loose2 = insertSong(db, { title: 'Demo Two', artist: 'Amp Kings' });
  songs.hidden = insertSong(db, { title: 'Secret Rock', artist: 'Amp Kings', tags: ['Rock'], status: 'pending' });
});
afterAll(() => server.stop());

const request = (method: string, query: Record<string, string> = {}, password = alicePassword, user = 'alice') =>
  server.request(`/rest/${method}?${new URLSearchParams({ u: user, p: password, v: '1.16.1', c: 'test', ...query })}`);
/** The JSON answer's body under `subsonic-response`. */
const json = async (method: string, query: Record<string, string> = {}, password?: string, user?: string) =>
  ((await (await request(method, { f: 'json', ...query }, password, user)).json()) as { 'subsonic-response': Record<string, any> })['subsonic-response'];
const asAdmin = (method: string, query: Record<string, string> = {}) => json(method, query, adminPassword, 'boss');
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['album', 'song', 'genre', 'artist', 'similarArtist', 'user', 'child'].includes(name) });
const xml = async (method: string, query: Record<string, string> = {}) => parser.parse(await (await request(method, query)).text())['subsonic-response'];
const titles = (list: { title: string }[] | undefined) => (list ?? []).map((song) => song.title).sort();

describe('v1 album lists and search2 (folder-mode apps)', () => {
  test('getAlbumList answers every type with albums as folders; XML alike', async () => {
    for (const type of ['random', 'newest', 'highest', 'frequent', 'recent', 'alphabeticalByName', 'alphabeticalByArtist', 'starred']) {
      expect((await json('getAlbumList', { type })).status).toBe('ok');
    }
    const byName = (await json('getAlbumList', { type: 'alphabeticalByName' })).albumList.album;
    expect(byName.map((album: any) => [album.title, album.isDir, album.artist])).toEqual([
      ['Blue Hours', true, 'Sax Trio'],
      ['Loud Nights', true, 'Amp Kings'],
    ]);
    expect((await json('getAlbumList', { type: 'byGenre', genre: 'ROCK' })).albumList.album.map((album: any) => album.title)).toEqual(['Loud Nights']);
    expect((await json('getAlbumList', { type: 'byYear', fromYear: '1990', toYear: '2000' })).albumList).toEqual({ album: [] });
    expect((await json('getAlbumList2', { type: 'byGenre', genre: 'jazz' })).albumList2.album.map((album: any) => album.name)).toEqual(['Blue Hours']);
    const fromXml = await xml('getAlbumList', { type: 'alphabeticalByName' });
    expect(fromXml.albumList.album.map((album: any) => album.title)).toEqual(['Blue Hours', 'Loud Nights']);
    expect((await json('getAlbumList', { type: 'nonsense' })).error.code).toBe(0);
    expect((await json('getAlbumList')).error.code).toBe(10);
  });

  test('search2 finds artists, albums and songs in the folder shapes', async () => {
    const result = (await json('search2', { query: 'amp' })).searchResult2;
    expect(result.artist).toEqual([{ id: artistId('Amp Kings'), name: 'Amp Kings' }]);
    const songsFound = (await json('search2', { query: 'thunder' })).searchResult2.song;
    expect(titles(songsFound)).toEqual(['Thunder']);
    const albums = (await xml('search2', { query: 'loud' })).searchResult2.album;
    expect(albums[0]).toMatchObject({ title: 'Loud Nights', isDir: 'true' });
  });

  test('getStarred lists starred songs, albums and artists in the folder shapes', async () => {
    await alice.star({ id: String(songs.rock1!.id) });
    await alice.star({ albumId: `al-${rockAlbumId}`, artistId: artistId('Sax Trio') });
    const result = (await json('getStarred')).starred;
    expect(titles(result.song)).toEqual(['Thunder']);
    expect(result.album.map((album: any) => [album.title, album.isDir])).toEqual([['Loud Nights', true]]);
    expect(result.artist.map((artist: any) => artist.name)).toEqual(['Sax Trio']);
    expect(result.artist[0].starred).toBeString();
    expect((await xml('getStarred')).starred.song[0].title).toBe('Thunder');
  });
});

describe('genres', () => {
  test('getGenres counts songs and albums per tag, case folded; XML carries the name as text', async () => {
    const list = (await json('getGenres')).genres.genre;
    expect(list).toContainEqual({ value: 'Rock', songCount: 3, albumCount: 1 });
    expect(list).toContainEqual({ value: 'Jazz', songCount: 1, albumCount: 1 });
    const fromXml = (await xml('getGenres')).genres.genre;
    expect(fromXml).toContainEqual({ '#text': 'Rock', songCount: '3', albumCount: '1' });
  });

  test('getSongsByGenre pages through the genre, never a hidden song', async () => {
    expect(titles((await json('getSongsByGenre', { genre: 'rock', count: '10' })).songsByGenre.song)).toEqual(['Garage Day', 'Lightning', 'Thunder']);
    expect((await json('getSongsByGenre', { genre: 'rock', count: '1', offset: '1' })).songsByGenre.song.map((s: any) => s.title)).toEqual(['Lightning']);
    expect((await json('getSongsByGenre', { genre: 'Polka' })).songsByGenre).toEqual({ song: [] });
  });
});

describe('mixes and info', () => {
  test('getTopSongs: the artist songs the household played most come first', async () => {
    await alice.scrobble({ id: String(songs.rock2!.id) });
    await alice.scrobble({ id: String(songs.rock2!.id) });
    const top = (await json('getTopSongs', { artist: 'amp kings', count: '3' })).topSongs.song;
    expect(top).toHaveLength(3);
    expect(top[0].title).toBe('Lightning');
    expect((await json('getTopSongs', { artist: 'Nobody' })).topSongs).toEqual({ song: [] });
  });

  test('getSimilarSongs and getSimilarSongs2 mix the same album, artist and genre, without the seed', async () => {
    const mix = (await json('getSimilarSongs', { id: String(songs.rock1!.id), count: '20' })).similarSongs.song;
    expect(titles(mix)).toEqual(['Demo One', 'Demo Two', 'Garage Day', 'Lightning']);
    const byArtist = (await json('getSimilarSongs2', { id: artistId('Sax Trio') })).similarSongs2.song;
    expect(titles(byArtist)).toEqual(['Late Set']);
    expect(titles((await xml('getSimilarSongs', { id: `al-${jazzAlbumId}` })).similarSongs.song)).toEqual(['Late Set']);
    expect((await json('getSimilarSongs', { id: '999999' })).error.code).toBe(70);
  });

  test('getArtistInfo and getArtistInfo2: counts as text, similar artists by shared genre', async () => {
    const info = (await json('getArtistInfo2', { id: artistId('Amp Kings') })).artistInfo2;
    expect(info.biography).toBe('4 songs on 1 album in the family library.');
    expect(info.similarArtist.map((artist: any) => artist.name)).toEqual(['Fuzz Band']);
    expect(info.similarArtist[0].albumCount).toBe(1); // its one song is on no album: the album-less entry
    const v1 = (await xml('getArtistInfo', { id: artistId('Amp Kings') })).artistInfo;
    expect(v1.similarArtist.map((artist: any) => artist.name)).toEqual(['Fuzz Band']);
    expect((await json('getArtistInfo', { id: 'ar-nothing' })).error.code).toBe(70);
  });

  test('getAlbumInfo and getAlbumInfo2 describe the album from the library', async () => {
    expect((await json('getAlbumInfo', { id: `al-${rockAlbumId}` })).albumInfo).toEqual({ notes: '2 songs in the family library.' });
    expect((await xml('getAlbumInfo2', { id: `al-${jazzAlbumId}` })).albumInfo.notes).toBe('1 song in the family library.');
  });
});

describe('songs on no album (every song reachable by browsing)', () => {
  test('getArtist lists an album-less entry whose songs getAlbum gives', async () => {
    const artist = (await alice.getArtist({ id: artistId('Amp Kings') })) as any;
    const names = artist.artist.album.map((album: any) => album.name);
    expect(names).toEqual(['Loud Nights', '[Unknown Album]']);
    const loose = artist.artist.album[1];
    expect(loose).toMatchObject({ songCount: 2, artistId: artistId('Amp Kings') });
    expect(artist.artist.albumCount).toBe(2);
    const album = ((await alice.getAlbum({ id: loose.id })) as any).album;
    expect(titles(album.song)).toEqual(['Demo One', 'Demo Two']);
  });

  test('getIndexes → getMusicDirectory of the artist → the album-less folder reaches every song', async () => {
    const indexes = (await json('getIndexes')).indexes.index;
    const reached: string[] = [];
    const walk = async (id: string): Promise<void> => {
      for (const child of (await json('getMusicDirectory', { id })).directory.child ?? []) {
        if (child.isDir) await walk(child.id);
        else reached.push(child.title);
      }
    };
    for (const index of indexes) for (const artist of index.artist) await walk(artist.id);
    expect([...new Set(reached)].sort()).toEqual(['Demo One', 'Demo Two', 'Garage Day', 'Late Set', 'Lightning', 'Thunder']);
    const folder = (await xml('getMusicDirectory', { id: `al-${artistId('Amp Kings')}` })).directory;
    expect(folder.name).toBe('[Unknown Album]');
  });
});

describe('accounts, scans, lyrics', () => {
  test('getUsers is for admins; getUser shows the share role', async () => {
    const listed = (await asAdmin('getUsers')).users.user.map((user: any) => [user.username, user.adminRole]);
    expect(listed).toEqual([
      ['alice', false],
      ['boss', true],
    ]);
    expect((await json('getUsers')).error.code).toBe(50);
    expect((await json('getUser')).user.shareRole).toBe(true);
  });

  test('getAvatar answers a valid "not found"; getScanStatus for all, startScan for admins', async () => {
    expect((await json('getAvatar', { username: 'alice' })).error.code).toBe(70);
    expect((await json('getScanStatus')).scanStatus).toMatchObject({ scanning: false, count: 6 });
    expect((await asAdmin('startScan')).scanStatus).toMatchObject({ scanning: false, count: 6 });
    expect((await json('startScan')).error.code).toBe(50);
    expect((await xml('getScanStatus')).scanStatus.scanning).toBe('false');
  });

  test('getLyrics and getLyricsBySongId answer valid, empty results', async () => {
    expect((await json('getLyrics', { artist: 'Amp Kings', title: 'Thunder' })).lyrics).toEqual({ artist: 'Amp Kings', title: 'Thunder' });
    expect((await json('getLyricsBySongId', { id: String(songs.rock1!.id) })).lyricsList).toEqual({ structuredLyrics: [] });
    expect((await json('getLyricsBySongId', { id: String(songs.hidden!.id) })).error.code).toBe(70);
  });

  test('stored lyrics: lines with their start by song id, the text by artist and title', async () => {
    const lines = [{ start: 1000, value: 'First light' }, { start: 2500, value: 'Second verse' }];
    expect(replaceSongLyrics(server.db, songs.rock2!.id, { synced: true, lines, lang: 'eng', source: 'admin' })).toBe(true);
    expect((await json('getLyricsBySongId', { id: String(songs.rock2!.id) })).lyricsList).toEqual({
      structuredLyrics: [{ displayArtist: songs.rock2!.artist, displayTitle: songs.rock2!.title, lang: 'eng', synced: true, offset: 0, line: lines }],
    });
    const byTitle = (await json('getLyrics', { artist: songs.rock2!.artist!.toUpperCase(), title: songs.rock2!.title.toLowerCase() })).lyrics;
    expect(byTitle).toEqual({ artist: songs.rock2!.artist, title: songs.rock2!.title, value: 'First light\nSecond verse' });
    // Unsynced lines carry no start.
    replaceSongLyrics(server.db, songs.rock2!.id, { synced: false, lines: [{ start: null, value: 'Just words' }], lang: null, source: 'admin' });
    expect((await json('getLyricsBySongId', { id: String(songs.rock2!.id) })).lyricsList.structuredLyrics[0]).toMatchObject({ lang: 'xxx', synced: false, line: [{ value: 'Just words' }] });
    replaceSongLyrics(server.db, songs.rock2!.id, null);
  });

  test("a song's loudness travels as OpenSubsonic's replayGain; an unmeasured one has none", async () => {
    expect((await json('getSong', { id: String(songs.rock1!.id) })).song.replayGain).toBeUndefined();
    server.db.update(songTable).set({ trackGain: -4.5, albumGain: -3.25, trackPeak: 0.8, albumPeak: 0.95 }).where(eq(songTable.id, songs.rock1!.id)).run();
    expect((await json('getSong', { id: String(songs.rock1!.id) })).song.replayGain).toEqual({ trackGain: -4.5, albumGain: -3.25, trackPeak: 0.8, albumPeak: 0.95 });
    server.db.update(songTable).set({ trackGain: null, albumGain: null, trackPeak: null, albumPeak: null }).where(eq(songTable.id, songs.rock1!.id)).run();
  });
});

describe('methods Hearth does not offer', () => {
  test('jukebox, podcasts and account changes answer 501, chat and video 410, with an error body', async () => {
    for (const [method, status] of [
      ['jukeboxControl', 501],
      ['getPodcasts', 501],
      ['createUser.view', 501],
      ['getChatMessages', 410],
      ['getVideos', 410],
      ['search', 410],
    ] as const) {
      const response = await request(method, { f: 'json' });
      expect(response.status).toBe(status);
      const body = ((await response.json()) as any)['subsonic-response'];
      expect(body).toMatchObject({ status: 'failed', error: { code: 0 } });
      expect(body.error.message).not.toContain('not found');
    }
    const inXml = await request('getVideos');
    expect(inXml.status).toBe(410);
    expect(parser.parse(await inXml.text())['subsonic-response'].error.code).toBe('0');
  });
});

describe('through a real Subsonic client library', () => {
  test('subsonic-api calls the new methods and reads their answers', async () => {
    const list = (await alice.getAlbumList({ type: 'alphabeticalByName' })) as any;
    expect(list.albumList.album.map((album: any) => album.title)).toEqual(['Blue Hours', 'Loud Nights']);
    expect(((await alice.search2({ query: 'late' })) as any).searchResult2.song.map((song: any) => song.title)).toEqual(['Late Set']);
    expect(((await alice.getGenres()) as any).genres.genre.map((genre: any) => genre.value)).toContain('Jazz');
    expect(((await alice.getSongsByGenre({ genre: 'Jazz' })) as any).songsByGenre.song.map((song: any) => song.title)).toEqual(['Late Set']);
    expect(((await alice.getTopSongs({ artist: 'Sax Trio' })) as any).topSongs.song.map((song: any) => song.title)).toEqual(['Late Set']);
    expect(((await alice.getSimilarSongs2({ id: artistId('Fuzz Band') })) as any).similarSongs2.song.length).toBeGreaterThan(0);
    expect(((await alice.getArtistInfo2({ id: artistId('Sax Trio') })) as any).artistInfo2.biography).toBe('1 song on 1 album in the family library.');
    expect(((await alice.getAlbumInfo2({ id: `al-${jazzAlbumId}` })) as any).albumInfo.notes).toBe('1 song in the family library.');
    expect(((await alice.getStarred()) as any).status).toBe('ok');
    expect(((await alice.getScanStatus()) as any).scanStatus.scanning).toBe(false);
    expect(((await alice.getLyricsBySongId({ id: String(songs.jazz1!.id) })) as any).lyricsList.structuredLyrics).toEqual([]);
    expect(((await alice.getSimilarSongs({ id: String(songs.jazz1!.id) })) as any).status).toBe('ok');
  });
});

describe('info images', () => {
  test("album and artist info point at the album's artwork: the 512 px preview and the original, by public URLs", async () => {
    const hash = 'ab'.repeat(32);
    const pictured = insertAlbum(server.db, { name: 'Pictured' });
    insertSong(server.db, { title: 'Framed', artist: 'Painter', albumId: pictured.id, artworkUrl: `/objects/images/${hash}.png` });
    const info = (await json('getAlbumInfo2', { id: `al-${pictured.id}` })).albumInfo;
    expect(info).toEqual({
      notes: '1 song in the family library.',
      smallImageUrl: `${server.url}/objects/previews/${hash}.jpg`,
      mediumImageUrl: `${server.url}/objects/previews/${hash}.jpg`,
      largeImageUrl: `${server.url}/objects/images/${hash}.png`,
    });
    const artist = (await xml('getArtistInfo2', { id: artistId('Painter') })).artistInfo2;
    expect(artist.largeImageUrl).toBe(`${server.url}/objects/images/${hash}.png`);
    expect((await json('getAlbumInfo', { id: `al-${jazzAlbumId}` })).albumInfo).toEqual({ notes: '1 song in the family library.' });
  });
});
