import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { SubsonicAPI } from 'subsonic-api';
import { findUserByUsername } from '../../db/queries/users.ts';
import type { SongRow } from '../../db/schema/index.ts';
import { artistId } from '../../src/services/subsonic/library.ts';
import type { NewAppPasswordDto } from '../../src/shared/types.ts';
import { insertAlbum, insertPlaylist, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let aliceCookie: string;
let alicePassword: string;
let adminPassword: string;
let alice: SubsonicAPI;
let admin: SubsonicAPI;
const songs: Record<string, SongRow> = {};
let blueSkiesId: number;
let mixtapeId: number;
let hiddenAlbumId: number;

const newAppPassword = async (cookie: string, name = 'Phone') =>
  ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name }, cookie })).json()) as NewAppPasswordDto).password;
const client = (username: string, password: string) => new SubsonicAPI({ url: server.url, auth: { username, password } });

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  aliceCookie = await server.signUp('alice', { password: 'web password 1' });
  const adminCookie = await server.signUp('boss', { isAdmin: true });
  alicePassword = await newAppPassword(aliceCookie);
  adminPassword = await newAppPassword(adminCookie);
  alice = client('alice', alicePassword);
  admin = client('boss', adminPassword);

  const db = server.db;
  blueSkiesId = insertAlbum(db, { name: 'Blue Skies' }).id;
  mixtapeId = insertAlbum(db, { name: 'Mixtape' }).id;
  hiddenAlbumId = insertAlbum(db, { name: 'Unreleased' }).id;
  songs.morning = insertSong(db, { title: 'Morning Light', artist: 'The Wanderers', albumId: blueSkiesId, albumOrder: 1, artworkUrl: '/objects/images/a.png' });
  songs.evening = insertSong(db, { title: 'Evening Road', artist: 'the  wanderers', albumId: blueSkiesId, albumOrder: 2 });
  songs.guest = insertSong(db, { title: 'Guest Verse', artist: 'Guest Star', albumId: blueSkiesId, albumOrder: 3 });
  songs.gone = insertSong(db, { title: 'Gone Song', artist: 'Trashed Artist', albumId: blueSkiesId, deletedAt: new Date() });
  songs.mixA = insertSong(db, { title: 'Mix One', artist: 'Ann', albumId: mixtapeId });
  songs.mixB = insertSong(db, { title: 'Mix Two', artist: 'Bob', albumId: mixtapeId });
  songs.mixC = insertSong(db, { title: 'Mix Three', artist: 'Cid', albumId: mixtapeId });
  songs.loose = insertSong(db, { title: 'Loose Tune', artist: null });
  songs.secret = insertSong(db, { title: 'Secret Demo', artist: 'Hidden Artist', albumId: hiddenAlbumId, status: 'pending' });
});
afterAll(() => server.stop());

/** A raw request with alice's app password in clear, for the envelope itself. */
const raw = (method: string, query: Record<string, string> = {}, init: RequestInit = {}) =>
  server.request(`/rest/${method}?${new URLSearchParams({ u: 'alice', p: alicePassword, v: '1.16.1', c: 'test', ...query })}`, init);
const rawJson = async (method: string, query: Record<string, string> = {}, init: RequestInit = {}) =>
  ((await (await raw(method, { f: 'json', ...query }, init)).json()) as { 'subsonic-response': Record<string, any> })['subsonic-response'];
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false, isArray: (name) => ['artist', 'index', 'album', 'song', 'entry'].includes(name) });

describe('the envelope', () => {
  test('ping with token auth through a real Subsonic client: JSON envelope of 1.16.1, type hearth, openSubsonic', async () => {
    const pong = (await alice.ping()) as Record<string, unknown>;
    expect(pong).toMatchObject({ status: 'ok', version: '1.16.1', type: 'hearth', openSubsonic: true });
    expect(pong.serverVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  test('XML by default, with and without .view; POST form bodies too', async () => {
    for (const method of ['ping', 'ping.view']) {
      const response = await raw(method);
      expect(response.headers.get('content-type')).toStartWith('text/xml');
      const text = await response.text();
      expect(text).toStartWith('<?xml version="1.0" encoding="UTF-8"?>');
      const root = xml.parse(text)['subsonic-response'];
      expect(root).toMatchObject({ xmlns: 'http://subsonic.org/restapi', status: 'ok', version: '1.16.1', type: 'hearth', openSubsonic: 'true' });
    }
    const body = new URLSearchParams({ u: 'alice', p: alicePassword, f: 'json', c: 'test', v: '1.16.1' });
    // A web player on another origin may post: there is no cookie to protect.
    const posted = await server.request('/rest/ping.view', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://player.example' },
    });
    expect(((await posted.json()) as any)['subsonic-response'].status).toBe('ok');
    const viaClient = new SubsonicAPI({ url: server.url, auth: { username: 'alice', password: alicePassword }, post: true });
    expect(((await viaClient.getLicense()) as any).license.valid).toBe(true);
  });

  test('XML escapes what names hold', async () => {
    const album = insertAlbum(server.db, { name: 'Rock & <Roll> "Live"' });
    insertSong(server.db, { title: "It's <b>bold</b> & \"loud\"", artist: 'AC/DC & Friends', albumId: album.id });
    const text = await (await raw('getAlbum', { id: `al-${album.id}` })).text();
    expect(text).toContain('name="Rock &amp; &lt;Roll&gt; &quot;Live&quot;"');
    const parsed = xml.parse(text)['subsonic-response'].album[0];
    expect(parsed.name).toBe('Rock & <Roll> "Live"');
    expect(parsed.song[0].title).toBe("It's <b>bold</b> & \"loud\"");
  });

  test('getOpenSubsonicExtensions needs no sign-in and names apiKeyAuthentication', async () => {
    const response = await server.request('/rest/getOpenSubsonicExtensions?f=json');
    const body = ((await response.json()) as any)['subsonic-response'];
    expect(body.status).toBe('ok');
    expect(body.openSubsonicExtensions).toContainEqual({ name: 'apiKeyAuthentication', versions: [1] });
  });
});

describe('browsing', () => {
  test('artists come from the songs: case and spacing are one artist, pending and trashed songs add none', async () => {
    const result = (await alice.getArtists()) as any;
    const names = result.artists.index.flatMap((index: any) => index.artist.map((artist: any) => artist.name));
    expect(names).toContain('The Wanderers');
    expect(names).toContain('Various Artists');
    expect(names).toContain('Unknown Artist');
    expect(names).not.toContain('the  wanderers');
    expect(names).not.toContain('Hidden Artist');
    expect(names).not.toContain('Trashed Artist');
    // "The" is ignored for the index letter.
    const w = result.artists.index.find((index: any) => index.name === 'W');
    expect(w.artist.map((artist: any) => artist.name)).toContain('The Wanderers');
    expect(result.artists.ignoredArticles).toContain('The');
  });

  test('artist ids are stable: derived from the normalised name, so a re-import keeps them', async () => {
    const id = artistId('The Wanderers');
    expect(id).toBe(artistId('  the wanderers '));
    const indexes = (await alice.getIndexes()) as any;
    const listed = indexes.indexes.index.flatMap((index: any) => index.artist).find((artist: any) => artist.name === 'The Wanderers');
    expect(listed.id).toBe(id);
  });

  test('artist → album → song', async () => {
    const artist = ((await alice.getArtist({ id: artistId('The Wanderers') })) as any).artist;
    expect(artist).toMatchObject({ name: 'The Wanderers', albumCount: 1 });
    expect(artist.album.map((album: any) => album.name)).toEqual(['Blue Skies']);
    const album = ((await alice.getAlbum({ id: artist.album[0].id })) as any).album;
    // Two of three songs are by the Wanderers: they are the album artist.
    expect(album).toMatchObject({ name: 'Blue Skies', artist: 'The Wanderers', artistId: artistId('The Wanderers'), songCount: 3, duration: 540, coverArt: `al-${blueSkiesId}` });
    expect(album.song.map((song: any) => song.title)).toEqual(['Morning Light', 'Evening Road', 'Guest Verse']);
    const song = ((await alice.getSong({ id: album.song[0].id })) as any).song;
    expect(song).toMatchObject({
      id: String(songs.morning!.id),
      title: 'Morning Light',
      album: 'Blue Skies',
      albumId: `al-${blueSkiesId}`,
      artist: 'The Wanderers',
      track: 1,
      suffix: 'mp3',
      contentType: 'audio/mpeg',
      duration: 180,
      size: 3_000_000,
      isDir: false,
      type: 'music',
      coverArt: `mf-${songs.morning!.id}`,
    });
    // Nothing internal: no file hash, share id, file name or path.
    const text = JSON.stringify(song);
    expect(text).not.toContain(songs.morning!.audioHash);
    expect(text).not.toContain(songs.morning!.shareId);
    expect(text).not.toContain('.mp3"');
    expect(song.path).toBeUndefined();
  });

  test('apps that browse by folder: getIndexes → getMusicDirectory of an artist → of an album', async () => {
    const artistDir = ((await alice.getMusicDirectory({ id: artistId('The Wanderers') })) as any).directory;
    expect(artistDir.name).toBe('The Wanderers');
    expect(artistDir.child.map((child: any) => [child.title, child.isDir])).toEqual([['Blue Skies', true]]);
    const albumDir = ((await alice.getMusicDirectory({ id: artistDir.child[0].id })) as any).directory;
    expect(albumDir).toMatchObject({ name: 'Blue Skies', parent: artistId('The Wanderers') });
    expect(albumDir.child.map((child: any) => child.title)).toEqual(['Morning Light', 'Evening Road', 'Guest Verse']);
    expect(((await alice.getMusicDirectory({ id: `al-${hiddenAlbumId}` })) as any).error.code).toBe(70);
    expect(((await alice.getMusicDirectory({ id: '/etc' })) as any).error.code).toBe(70);
  });

  test('an album with no majority artist is by Various Artists, who lists it; each artist on it lists it too', async () => {
    const album = ((await alice.getAlbum({ id: `al-${mixtapeId}` })) as any).album;
    expect(album.artist).toBe('Various Artists');
    const various = ((await alice.getArtist({ id: artistId('Various Artists') })) as any).artist;
    expect(various.album.map((found: any) => found.name)).toEqual(['Mixtape']);
    const ann = ((await alice.getArtist({ id: artistId('Ann') })) as any).artist;
    expect(ann.album.map((found: any) => found.name)).toEqual(['Mixtape']);
  });

  test('getAlbumList2: newest, alphabeticalByName, random; frequent, recent and starred start empty', async () => {
    const names = async (type: string) => (((await alice.getAlbumList2({ type } as any)) as any).albumList2.album ?? []).map((album: any) => album.name);
    expect(await names('alphabeticalByName')).toEqual(expect.arrayContaining(['Blue Skies', 'Mixtape']));
    expect((await names('alphabeticalByName')).indexOf('Blue Skies')).toBeLessThan((await names('alphabeticalByName')).indexOf('Mixtape'));
    expect((await names('newest'))[0]).not.toBe('Blue Skies');
    expect((await names('random')).sort()).toEqual((await names('alphabeticalByName')).sort());
    for (const type of ['newest', 'alphabeticalByName', 'random']) expect(await names(type)).not.toContain('Unreleased');
    const paged = ((await alice.getAlbumList2({ type: 'alphabeticalByName', size: 1, offset: 1 })) as any).albumList2.album;
    expect(paged).toHaveLength(1);
  });

  test('getRandomSongs picks only songs the family can hear', async () => {
    const picked = ((await alice.getRandomSongs({ size: 500 })) as any).randomSongs.song.map((song: any) => song.title);
    expect(picked).toContain('Loose Tune');
    expect(picked).not.toContain('Secret Demo');
    expect(picked).not.toContain('Gone Song');
    expect(new Set(picked).size).toBe(picked.length);
  });

  test('getMusicFolders and getUser', async () => {
    expect(((await alice.getMusicFolders()) as any).musicFolders.musicFolder).toEqual([{ id: 1, name: 'Hearth' }]);
    expect(((await alice.getUser({ username: 'alice' })) as any).user).toMatchObject({ username: 'alice', adminRole: false, streamRole: true });
    expect(((await admin.getUser({ username: 'alice' })) as any).user.username).toBe('alice');
  });
});

describe('search3', () => {
  test("the web app's search for songs, the same prefix rule for artists and albums", async () => {
    const found = ((await alice.search3({ query: 'blue' })) as any).searchResult3;
    expect(found.album.map((album: any) => album.name)).toEqual(['Blue Skies']);
    const wander = ((await alice.search3({ query: 'wander' })) as any).searchResult3;
    expect(wander.artist.map((artist: any) => artist.name)).toEqual(['The Wanderers']);
    const morning = ((await alice.search3({ query: 'morn' })) as any).searchResult3;
    expect(morning.song.map((song: any) => song.title)).toEqual(['Morning Light']);
    const web = (await (await server.request('/api/search?q=morn', { cookie: aliceCookie })).json()) as any;
    expect(web.songs.map((song: any) => song.id)).toEqual(morning.song.map((song: any) => Number(song.id)));
  });

  test('an empty query pages through everything visible (how apps sync)', async () => {
    const first = ((await alice.search3({ query: '""', songCount: 3, songOffset: 0, artistCount: 0, albumCount: 0 })) as any).searchResult3;
    const rest = ((await alice.search3({ query: '', songCount: 500, songOffset: 3 })) as any).searchResult3;
    const titles = [...first.song, ...rest.song].map((song: any) => song.title);
    expect(first.song).toHaveLength(3);
    expect(titles).toContain('Loose Tune');
    expect(titles).not.toContain('Secret Demo');
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe('playlists', () => {
  test('created with songs, listed, renamed, songs added and removed, deleted', async () => {
    const created = ((await alice.createPlaylist({ name: 'Road trip', songId: [String(songs.morning!.id), String(songs.mixA!.id)] } as any)) as any).playlist;
    expect(created).toMatchObject({ name: 'Road trip', owner: 'alice', songCount: 2 });
    const listed = ((await alice.getPlaylists()) as any).playlists.playlist;
    expect(listed.map((playlist: any) => playlist.name)).toContain('Road trip');
    await alice.updatePlaylist({ playlistId: created.id, name: 'Long road trip', songIdToAdd: [String(songs.loose!.id)], songIndexToRemove: [0] } as any);
    const updated = ((await alice.getPlaylist({ id: created.id })) as any).playlist;
    expect(updated.name).toBe('Long road trip');
    expect(updated.entry.map((song: any) => song.title)).toEqual(['Mix One', 'Loose Tune']);
    // The web app sees the same playlist.
    const web = (await (await server.request(`/api/playlists/${created.id}/songs`, { cookie: aliceCookie })).json()) as any[];
    expect(web.map((song) => song.title)).toEqual(['Mix One', 'Loose Tune']);
    // createPlaylist with playlistId replaces its songs.
    const replaced = ((await alice.createPlaylist({ playlistId: created.id, songId: [String(songs.evening!.id)] } as any)) as any).playlist;
    expect(replaced.entry.map((song: any) => song.title)).toEqual(['Evening Road']);
    expect(((await alice.deletePlaylist({ id: created.id })) as any).status).toBe('ok');
    expect(((await alice.getPlaylist({ id: created.id })) as any).error.code).toBe(70);
  });

  test("another person's playlist may be opened but not changed (50)", async () => {
    const aliceId = findUserByUsername(server.db, 'alice')!.id;
    const mine = insertPlaylist(server.db, { userId: aliceId, name: 'Mine' }, [songs.morning!.id]);
    const bobCookie = await server.signUp('bob');
    const bob = client('bob', await newAppPassword(bobCookie));
    expect(((await bob.getPlaylist({ id: String(mine.id) })) as any).playlist.name).toBe('Mine');
    for (const attempt of [
      () => bob.updatePlaylist({ playlistId: String(mine.id), name: 'Taken' } as any),
      () => bob.deletePlaylist({ id: String(mine.id) }),
      () => bob.createPlaylist({ playlistId: String(mine.id), songId: [] } as any),
    ]) {
      expect(((await attempt()) as any).error.code).toBe(50);
    }
    expect(((await bob.getPlaylists()) as any).playlists.playlist ?? []).toEqual([]);
  });
});

describe('visibility', () => {
  test('a pending song is invisible through every endpoint, to admins too', async () => {
    for (const api of [alice, admin]) {
      expect(((await api.getSong({ id: String(songs.secret!.id) })) as any).error.code).toBe(70);
      expect(((await api.getSong({ id: String(songs.gone!.id) })) as any).error.code).toBe(70);
      expect(((await api.getAlbum({ id: `al-${hiddenAlbumId}` })) as any).error.code).toBe(70);
      expect(((await api.getArtist({ id: artistId('Hidden Artist') })) as any).error.code).toBe(70);
      const searched = ((await api.search3({ query: 'secret' })) as any).searchResult3;
      expect([...(searched.song ?? []), ...(searched.album ?? []), ...(searched.artist ?? [])]).toEqual([]);
      const hidden = ((await api.search3({ query: 'hidden' })) as any).searchResult3;
      expect(hidden.artist ?? []).toEqual([]);
      const everything = JSON.stringify(await api.search3({ query: '', songCount: 500, albumCount: 500, artistCount: 500 }));
      for (const name of ['Secret Demo', 'Hidden Artist', 'Unreleased', 'Gone Song']) expect(everything).not.toContain(name);
      expect(JSON.stringify(await api.getIndexes())).not.toContain('Hidden Artist');
      expect(JSON.stringify(await api.getAlbumList2({ type: 'alphabeticalByName', size: 500 }))).not.toContain('Unreleased');
      expect(JSON.stringify(await api.getRandomSongs({ size: 500 }))).not.toContain('Secret Demo');
      const added = (await api.createPlaylist({ name: 'Sneaky', songId: [String(songs.secret!.id)] } as any)) as any;
      expect(added.error.code).toBe(70);
    }
    const aliceId = findUserByUsername(server.db, 'alice')!.id;
    const withPending = insertPlaylist(server.db, { userId: aliceId, name: 'Has pending' }, [songs.secret!.id, songs.loose!.id]);
    const entries = ((await alice.getPlaylist({ id: String(withPending.id) })) as any).playlist.entry.map((song: any) => song.title);
    expect(entries).toEqual(['Loose Tune']);
  });
});

describe('plays, stars and now playing', () => {
  test('star and unstar songs, albums and artists; getStarred2 lists them; the web API sees the same favourites', async () => {
    const bob = await server.signUp('starry');
    const phone = client('starry', await newAppPassword(bob));
    await phone.star({ id: String(songs.morning!.id), albumId: `al-${mixtapeId}`, artistId: artistId('Guest Star') } as any);
    await phone.star({ id: String(songs.loose!.id) } as any);
    const starred = ((await phone.getStarred2()) as any).starred2;
    expect(starred.song.map((song: any) => song.title)).toEqual(['Loose Tune', 'Morning Light']);
    // The client library reads `starred` as a date.
    expect(starred.song[0].starred).toBeInstanceOf(Date);
    expect(starred.album.map((album: any) => album.name)).toEqual(['Mixtape']);
    expect(starred.artist.map((artist: any) => artist.name)).toEqual(['Guest Star']);
    const favourites = (await (await server.request('/api/favourites', { cookie: bob })).json()) as any[];
    expect(favourites.map((song) => song.title)).toEqual(['Loose Tune', 'Morning Light']);
    // A star from the web shows on the phone; the album list of starred albums follows.
    expect((await server.request(`/api/favourites/${songs.mixB!.id}`, { method: 'PUT', cookie: bob })).status).toBe(204);
    expect(((await phone.getStarred2()) as any).starred2.song.map((song: any) => song.title)).toContain('Mix Two');
    expect(((await phone.getAlbumList2({ type: 'starred' })) as any).albumList2.album.map((album: any) => album.name)).toEqual(['Mixtape']);
    expect(((await phone.getAlbum({ id: `al-${mixtapeId}` })) as any).album.starred).toBeDefined();
    await phone.unstar({ id: String(songs.morning!.id), albumId: `al-${mixtapeId}` } as any);
    const after = ((await phone.getStarred2()) as any).starred2;
    expect(after.song.map((song: any) => song.title)).not.toContain('Morning Light');
    expect(after.album ?? []).toEqual([]);
    // Someone else's stars are their own.
    expect(((await alice.getStarred2()) as any).starred2.song ?? []).toEqual([]);
    // A pending song cannot be starred; a starred song that is unpublished drops out.
    expect(((await phone.star({ id: String(songs.secret!.id) } as any)) as any).error.code).toBe(70);
    const later = insertSong(server.db, { title: 'Soon Hidden', artist: 'Ann' });
    await phone.star({ id: String(later.id) } as any);
    expect((await server.request(`/api/songs/${later.id}/status`, { method: 'PATCH', json: { status: 'pending' }, cookie: await server.signUp('star-admin', { isAdmin: true }) })).status).toBe(200);
    expect(JSON.stringify(await phone.getStarred2())).not.toContain('Soon Hidden');
  });

  test('scrobbles count plays the web API shows; frequent and recent album lists follow them', async () => {
    const carl = await server.signUp('scrobbler');
    const phone = client('scrobbler', await newAppPassword(carl));
    const hourAgo = Date.now() - 3_600_000;
    await phone.scrobble({ id: String(songs.mixA!.id), time: hourAgo } as any);
    await phone.scrobble({ id: String(songs.morning!.id) } as any);
    await phone.scrobble({ id: String(songs.morning!.id) } as any);
    const recent = (await (await server.request('/api/recently-played', { cookie: carl })).json()) as any[];
    expect(recent.map((play) => [play.song.title, play.playCount])).toEqual([['Morning Light', 2], ['Mix One', 1]]);
    expect(Date.parse(recent[1].lastPlayedAt)).toBe(hourAgo);
    const list = async (type: string) => ((await phone.getAlbumList2({ type } as any)) as any).albumList2.album.map((album: any) => album.name);
    expect(await list('frequent')).toEqual(['Blue Skies', 'Mixtape']);
    expect(await list('recent')).toEqual(['Blue Skies', 'Mixtape']);
    await phone.scrobble({ id: String(songs.mixB!.id) } as any);
    expect(await list('recent')).toEqual(['Mixtape', 'Blue Skies']);
    const song = ((await phone.getSong({ id: String(songs.morning!.id) })) as any).song;
    expect(song.playCount).toBe(2);
    expect(song.played).toBeDefined();
    expect(((await phone.scrobble({ id: String(songs.secret!.id) } as any)) as any).error.code).toBe(70);
    expect(((await phone.scrobble({} as any)) as any).error.code).toBe(10);
  });

  test('getNowPlaying shows what each family member is playing (scrobble with submission=false)', async () => {
    const dora = await server.signUp('listener');
    const phone = new SubsonicAPI({ url: server.url, auth: { username: 'listener', password: await newAppPassword(dora) } });
    await phone.scrobble({ id: String(songs.evening!.id), submission: false } as any);
    const entries = ((await alice.getNowPlaying()) as any).nowPlaying.entry;
    expect(entries).toContainEqual(expect.objectContaining({ title: 'Evening Road', username: 'listener', minutesAgo: 0, playerName: 'subsonic-api' }));
    // Not counted as a play.
    expect((await (await server.request('/api/recently-played', { cookie: dora })).json()) as any[]).toEqual([]);
  });
});

describe('errors', () => {
  const code = async (method: string, query: Record<string, string>) => (await rawJson(method, query)).error?.code;

  test('10: a required parameter is missing', async () => {
    expect(await code('getAlbum', {})).toBe(10);
    expect(await code('getAlbumList2', {})).toBe(10);
    const noUser = (await (await server.request('/rest/ping?f=json')).json()) as any;
    expect(noUser['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 10 } });
  });

  test('40: wrong credentials; the web password is never accepted; enc: hex works', async () => {
    expect(await code('ping', { p: 'nope' })).toBe(40);
    expect(await code('ping', { p: 'web password 1' })).toBe(40);
    expect(await code('ping', { u: 'nobody', p: 'whatever' })).toBe(40);
    const hex = Buffer.from(alicePassword).toString('hex');
    expect((await rawJson('ping', { p: `enc:${hex}` })).status).toBe('ok');
    expect((await (await raw('ping', { f: 'json' })).json()) as any).toMatchObject({ 'subsonic-response': { status: 'ok' } });
  });

  test('50: not allowed; 70: not found; 44 and 43 for API keys', async () => {
    expect(await code('getUser', { username: 'boss' })).toBe(50);
    expect(await code('getAlbum', { id: 'al-999999' })).toBe(70);
    expect(await code('getAlbum', { id: '../etc' })).toBe(70);
    expect(await code('getArtist', { id: 'ar-0000000000000000' })).toBe(70);
    const badKey = (await (await server.request('/rest/ping?f=json&apiKey=nope')).json()) as any;
    expect(badKey['subsonic-response'].error.code).toBe(44);
    const both = (await (await server.request(`/rest/ping?f=json&u=alice&apiKey=${alicePassword}`)).json()) as any;
    expect(both['subsonic-response'].error.code).toBe(43);
  });

  test('errors come in XML too, with code and message', async () => {
    const text = await (await raw('getAlbum', { id: 'al-999999' })).text();
    const root = xml.parse(text)['subsonic-response'];
    expect(root.status).toBe('failed');
    expect(root.error).toMatchObject({ code: '70', message: 'Album not found' });
  });

  test('an unknown method is an error envelope, not a page', async () => {
    const response = await raw('getNothingSuchExists', { f: 'json' });
    expect(response.status).toBe(404);
    expect(((await response.json()) as any)['subsonic-response'].status).toBe('failed');
  });
});

describe('signing in', () => {
  test('an API key signs in alone (OpenSubsonic apiKeyAuthentication)', async () => {
    const byKey = new SubsonicAPI({ url: server.url, auth: { apiKey: alicePassword } });
    expect(((await byKey.getUser({ username: 'alice' })) as any).user.username).toBe('alice');
  });

  test('a revoked app password is refused at once', async () => {
    const password = await newAppPassword(aliceCookie, 'Soon revoked');
    const phone = client('alice', password);
    expect(((await phone.ping()) as any).status).toBe('ok');
    // One URL used again and again (as a player fetches a song's ranges): refused too once revoked.
    const salt = 'fixedsalt';
    const sameUrl = `/rest/ping?${new URLSearchParams({ u: 'alice', t: createHash('md5').update(password + salt).digest('hex'), s: salt, f: 'json', c: 'test', v: '1.16.1' })}`;
    for (let i = 0; i < 2; i++) expect(((await (await server.request(sameUrl)).json()) as any)['subsonic-response'].status).toBe('ok');
    const list = (await (await server.request('/api/app-passwords', { cookie: aliceCookie })).json()) as { id: number; name: string }[];
    const id = list.find((row) => row.name === 'Soon revoked')!.id;
    expect((await server.request(`/api/app-passwords/${id}`, { method: 'DELETE', cookie: aliceCookie })).status).toBe(204);
    expect(((await phone.ping()) as any).error.code).toBe(40);
    expect(((await (await server.request(sameUrl)).json()) as any)['subsonic-response'].error.code).toBe(40);
    expect(((await new SubsonicAPI({ url: server.url, auth: { apiKey: password } }).ping()) as any).error.code).toBe(44);
    // The others keep working.
    expect(((await alice.ping()) as any).status).toBe('ok');
  });

  test('failures are slowed down for the username, apart from the web login', async () => {
    await server.signUp('carol', { password: 'carol web pw' });
    const from = (ip: string, query: Record<string, string>) =>
      server.request(`/rest/ping?${new URLSearchParams({ f: 'json', c: 'test', v: '1.16.1', ...query })}`, { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 10; i++) {
      const response = await from('10.1.1.1', { u: 'carol', p: `wrong ${i}` });
      expect(((await response.json()) as any)['subsonic-response'].error.code).toBe(40);
    }
    const throttled = await from('10.1.1.2', { u: 'carol', p: 'wrong again' });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await throttled.json()) as any)['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 0 } });
    // Not the web's sign-in counter: guesses at app passwords do not lock carol out of the web.
    const web = await server.request('/api/login', { method: 'POST', json: { username: 'carol', password: 'carol web pw' }, headers: { 'x-forwarded-for': '10.1.1.3' } });
    expect(web.status).toBe(200);
    // Other people are not slowed down by it.
    expect(((await alice.ping()) as any).status).toBe('ok');
  });
});
