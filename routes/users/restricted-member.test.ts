import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { replaceSongLyrics } from '../../db/queries/lyrics.ts';
import { listMethods } from '../../src/services/subsonic/api.ts';
import { artistId } from '../../src/services/subsonic/library.ts';
import { GONE, NOT_IMPLEMENTED } from '../../src/services/subsonic/unoffered.ts';
import { randomId } from '../../src/shared/ids.ts';
import type { NewAppPasswordDto } from '../../src/shared/types.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';
import { API_ROUTES } from '../api-routes.ts';

// A restricted member (Clean, only albums 1–50) on 10,000 songs, 5 % explicit: every GET route and
// Subsonic method is called with real ids; no answer may carry a hidden song's id, title, album,
// artist, hash or artwork. Names are dotted (S.7.s): no random share id (base64url) looks like one.

const SONGS = 10_000;
const ALBUMS = 100;
const ALLOWED_ALBUMS = Array.from({ length: 50 }, (_, i) => i + 1);
const albumOf = (n: number) => (n % 250 === 0 ? null : ((n - 1) % ALBUMS) + 1);
// 1 in 19 (5.3 %), so explicit songs mix with others in most albums.
const isExplicit = (n: number) => n % 19 === 7;
const isAllowed = (n: number) => !isExplicit(n) && albumOf(n) !== null && albumOf(n)! <= 50;
const VISIBLE_ALBUMS = ALLOWED_ALBUMS;
const audioHash = (n: number) => n.toString(16).padStart(64, '0');
const albumArtHash = (a: number) => `c${a.toString(16).padStart(63, '0')}`;
const explicitArtHash = (n: number) => `e${n.toString(16).padStart(63, '0')}`;
const artHashOf = (n: number) => (isExplicit(n) ? explicitArtHash(n) : albumOf(n) === null ? null : albumArtHash(albumOf(n)!));

// Songs picked for the calls: allowed and hidden (explicit in an allowed album; in a hidden album; on no album).
const OK_SONG = 1; // album 1
const EXPLICIT_SONG = 7; // album 7, explicit, the album's first song (its artwork for everyone else)
const HIDDEN_ALBUM_SONG = 60; // album 60
const LOOSE_SONG = 250; // no album
const OK_ALBUM = 1;
const HIDDEN_ALBUM = 60;
const ROCK = (n: number) => n % 3 === 0;

let server: TestServer;
let adminCookie: string;
let kidCookie: string;
let kidPassword: string;
let familyPlaylist: number;
let kidPlaylist: number;
/** A family room the restricted member hosts, started after the restriction. */
let kidRoom: string;
const restrictedHashes = new Set<string>();
const artBytes = new Map<string, Uint8Array<ArrayBuffer>>();

function seed(): void {
  const sqlite = server.db.$client;
  sqlite.transaction(() => {
    const album = sqlite.prepare('INSERT INTO albums (id, name, share_id) VALUES (?, ?, ?)');
    for (let a = 1; a <= ALBUMS; a++) album.run(a, `Alb.${a}.b`, randomId());
    const song = sqlite.prepare(
      `INSERT INTO songs (id, title, artist, album_id, album_order, audio_hash, audio_format, duration, file_size, status, share_id, tags, artwork_url, explicit)
       VALUES (?, ?, ?, ?, ?, ?, 'mp3', 200, 4000, 'published', ?, ?, ?, ?)`,
    );
    for (let n = 1; n <= SONGS; n++) {
      const a = albumOf(n);
      const art = artHashOf(n);
      song.run(n, `Song S.${n}.s`, a === null ? 'Looser Band' : `Ar.${a}.r`, a, n, audioHash(n), randomId(), ROCK(n) ? '["Rock"]' : '[]', art && `/objects/images/${art}.png`, isExplicit(n) ? 1 : 0);
      if (!isAllowed(n)) {
        restrictedHashes.add(audioHash(n));
        if (art && !(a !== null && a <= 50 && !isExplicit(n))) restrictedHashes.add(art);
      }
    }
  })();
  // An album's artwork stays allowed when it is also an allowed song's.
  for (const a of ALLOWED_ALBUMS) restrictedHashes.delete(albumArtHash(a));
  for (const hash of [albumArtHash(OK_ALBUM), albumArtHash(HIDDEN_ALBUM), explicitArtHash(EXPLICIT_SONG)]) {
    const bytes = new TextEncoder().encode(`\x89PNG picture ${hash}`) as Uint8Array<ArrayBuffer>;
    const path = server.storage.imagePath(hash, 'png');
    mkdirSync(dirname(path), { recursive: true });
    Bun.write(path, bytes);
    artBytes.set(hash, bytes);
  }
  for (const n of [OK_SONG, EXPLICIT_SONG, HIDDEN_ALBUM_SONG]) replaceSongLyrics(server.db, n, { synced: false, lines: [{ start: null, value: `words of S.${n}.s` }], lang: 'eng', source: 'embedded' });
}

type Query = Record<string, string | string[]>;
const restUrl = (method: string, query: Query, format = 'json') => {
  const search = new URLSearchParams({ u: 'kid', p: kidPassword, v: '1.16.1', c: 'test', f: format });
  for (const [name, value] of Object.entries(query)) for (const one of [value].flat()) search.append(name, one);
  return `/rest/${method}?${search}`;
};
const rest = async (method: string, query: Query = {}) => (await (await server.request(restUrl(method, query))).json()) as { 'subsonic-response': Record<string, any> };

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await server.signUp('mum', { isAdmin: true });
  kidCookie = await server.signUp('kid');
  kidPassword = ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Tablet' }, cookie: kidCookie })).json()) as NewAppPasswordDto).password;
  seed();
  const sqlite = server.db.$client;
  const mumId = (sqlite.query("SELECT id FROM users WHERE username = 'mum'").get() as { id: number }).id;
  const kidId = (sqlite.query("SELECT id FROM users WHERE username = 'kid'").get() as { id: number }).id;
  const playlist = (name: string, owner: number, songs: number[]) => {
    const id = Number(sqlite.prepare('INSERT INTO playlists (name, share_id, user_id) VALUES (?, ?, ?)').run(name, randomId(), owner).lastInsertRowid);
    songs.forEach((song, i) => sqlite.prepare('INSERT INTO playlist_entries (playlist_id, song_id, position) VALUES (?, ?, ?)').run(id, song, i));
    return id;
  };
  familyPlaylist = playlist('Family Mix', mumId, [EXPLICIT_SONG, OK_SONG, HIDDEN_ALBUM_SONG, LOOSE_SONG, 2, 3]);
  // Before the restriction: the kid's own list, stars, plays, bookmark, queue and share reach hidden songs.
  kidPlaylist = playlist('Kid Mix', kidId, [HIDDEN_ALBUM_SONG, OK_SONG, EXPLICIT_SONG]);
  for (const song of [EXPLICIT_SONG, HIDDEN_ALBUM_SONG, OK_SONG]) {
    await server.request(`/api/favourites/${song}`, { method: 'PUT', cookie: kidCookie });
    await server.request('/api/plays', { method: 'POST', json: { songId: song }, cookie: kidCookie });
    await rest('createBookmark', { id: String(song), position: '1000' });
  }
  await rest('star', { albumId: `al-${HIDDEN_ALBUM}` });
  await rest('savePlayQueue', { id: [String(EXPLICIT_SONG), String(OK_SONG), String(HIDDEN_ALBUM_SONG)], current: String(EXPLICIT_SONG) });
  await rest('createShare', { id: [String(HIDDEN_ALBUM_SONG), `al-${HIDDEN_ALBUM}`] });
  await rest('scrobble', { id: String(EXPLICIT_SONG), submission: 'false' });
  const restricted = await server.request(`/api/users/${kidId}`, { method: 'PATCH', cookie: adminCookie, json: { restrictions: { clean: true, albumIds: ALLOWED_ALBUMS } } });
  if (restricted.status !== 200) throw new Error(`restricting failed: ${await restricted.text()}`);
  const room = await server.request('/api/rooms', { method: 'POST', cookie: kidCookie, json: { songIds: [OK_SONG] } });
  if (room.status !== 201) throw new Error(`starting a room failed: ${await room.text()}`);
  kidRoom = ((await room.json()) as { code: string }).code;
  // A guest tries to add what the host may not hear: refused, so the queue stays clean.
  for (const songId of [EXPLICIT_SONG, HIDDEN_ALBUM_SONG, LOOSE_SONG]) {
    const added = await server.request(`/api/rooms/${kidRoom}/queue`, { method: 'POST', cookie: kidCookie, json: { songId } });
    if (added.status !== 404) throw new Error(`a hidden song was added to the room: ${added.status}`);
  }
}, 120_000);
afterAll(() => server.stop());

/** Every way a hidden song could show in an answer's text. */
function leaksIn(text: string): string[] {
  const found = new Set<string>();
  for (const [, n] of text.matchAll(/S\.(\d+)\.s/g)) if (!isAllowed(Number(n))) found.add(`title S.${n}.s`);
  for (const [, a] of text.matchAll(/Alb\.(\d+)\.b/g)) if (Number(a) > 50) found.add(`album Alb.${a}.b`);
  for (const [, a] of text.matchAll(/Ar\.(\d+)\.r/g)) if (Number(a) > 50) found.add(`artist Ar.${a}.r`);
  if (text.includes('Looser')) found.add('artist Looser Band');
  for (const [hash] of text.matchAll(/[0-9a-f]{64}/g)) if (restrictedHashes.has(hash)) found.add(`hash ${hash}`);
  for (const bytes of [artBytes.get(albumArtHash(HIDDEN_ALBUM))!, artBytes.get(explicitArtHash(EXPLICIT_SONG))!]) {
    if (text.includes(new TextDecoder().decode(bytes))) found.add('artwork bytes');
  }
  return [...found];
}

/** Song and album ids in a parsed JSON answer: an object with a title is a song (or an album as a Child). */
function idLeaksIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) idLeaksIn(item, found);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const id = String(record.id ?? '');
    if ('title' in record && /^(mf-)?\d+$/.test(id) && !isAllowed(Number(id.replace('mf-', '')))) found.push(`song id ${id}`);
    for (const key of ['id', 'albumId', 'parent', 'coverArt']) {
      const match = /^al-(\d+)$/.exec(String(record[key] ?? ''));
      if (match && Number(match[1]) > 50) found.push(`${key} ${record[key]}`);
    }
    if (typeof record.albumId === 'number' && record.albumId > 50) found.push(`albumId ${record.albumId}`);
    for (const child of Object.values(record)) idLeaksIn(child, found);
  }
  return found;
}

const songIds = [OK_SONG, EXPLICIT_SONG, HIDDEN_ALBUM_SONG, LOOSE_SONG].map(String);
const albumIds = [OK_ALBUM, HIDDEN_ALBUM].map(String);

/** Each GET route's addresses with real ids, allowed and hidden; a route not named here fails the test. */
const WEB_CALLS: Record<string, () => string[]> = {
  '/api/user': () => ['/api/user'],
  '/api/settings': () => ['/api/settings'],
  '/api/radio-stations': () => ['/api/radio-stations'],
  '/api/users': () => ['/api/users'],
  '/api/songs': () => ['/api/songs'],
  '/api/songs/all': () => ['/api/songs/all'],
  '/api/songs/page': () => ['/api/songs/page', '/api/songs/page?limit=1000', ...['S.7.s', 'S.60.s', 'Looser', 'Song'].map((q) => `/api/songs/page?limit=1000&q=${encodeURIComponent(q)}`)],
  '/api/songs/all/ids': () => ['/api/songs/all/ids'],
  '/api/songs/all/rows': () => [`/api/songs/all/rows?ids=${songIds.join(',')}`],
  '/api/songs/visible': () => [`/api/songs/visible?ids=${songIds.join(',')}`],
  '/api/songs/:id/lyrics': () => songIds.map((id) => `/api/songs/${id}/lyrics`),
  '/api/albums': () => ['/api/albums'],
  '/api/albums/:id': () => albumIds.map((id) => `/api/albums/${id}`),
  '/api/albums/:id/songs': () => albumIds.map((id) => `/api/albums/${id}/songs`),
  '/api/playlists': () => ['/api/playlists'],
  '/api/playlists/containing/:songId': () => songIds.map((id) => `/api/playlists/containing/${id}`),
  '/api/playlists/:id': () => [familyPlaylist, kidPlaylist].map((id) => `/api/playlists/${id}`),
  '/api/playlists/:id/songs': () => [familyPlaylist, kidPlaylist].map((id) => `/api/playlists/${id}/songs`),
  '/api/search': () => ['S.7.s', 'S.60.s', 'Alb.60.b', 'Ar.60.r', 'Looser', 'Song', 'S.1.s'].map((q) => `/api/search?q=${encodeURIComponent(q)}`),
  '/api/deleted/songs': () => ['/api/deleted/songs'],
  '/api/deleted/albums': () => ['/api/deleted/albums'],
  '/api/temp-share/:shareId': () => ['/api/temp-share/AAAAAAAAAAAAAAAAAAAAAA'],
  '/api/temp-shares': () => ['/api/temp-shares'],
  '/api/audio/proxy': () => ['/api/audio/proxy'],
  '/api/app-passwords': () => ['/api/app-passwords'],
  '/api/favourites': () => ['/api/favourites'],
  '/api/recently-played': () => ['/api/recently-played'],
  '/api/play-queue': () => ['/api/play-queue'],
  '/api/bookmarks': () => ['/api/bookmarks'],
  '/api/profiles': () => ['/api/profiles'],
  '/api/user/pin': () => ['/api/user/pin'],
  '/api/rooms/:code': () => [`/api/rooms/${kidRoom}`],
  '/api/rooms/:code/qr': () => [`/api/rooms/${kidRoom}/qr`],
  '/api/rooms/:code/search': () => ['S.7.s', 'S.60.s', 'Alb.60.b', 'Ar.60.r', 'Looser', 'Song'].map((q) => `/api/rooms/${kidRoom}/search?q=${encodeURIComponent(q)}`),
};
/** Public share links are capabilities: whoever holds one sees what it names (docs/architecture.md). */
const CAPABILITIES = new Set([
  '/api/share/song/:shareId',
  '/api/share/album/:shareId',
  '/api/share/playlist/:shareId',
  '/api/share/song/:shareId/lyrics',
  '/api/share/album/:shareId/songs/:songId/lyrics',
  '/api/share/playlist/:shareId/songs/:songId/lyrics',
]);

describe('a restricted member on every route', () => {
  test('every GET route of the app is classified: called with real ids, or a share link (a capability)', () => {
    const gets = API_ROUTES.filter((route) => route.method === 'GET').map((route) => route.path);
    expect(gets.filter((path) => !(path in WEB_CALLS) && !CAPABILITIES.has(path))).toEqual([]);
  });

  test('no GET route answers a hidden song, album, artist, hash or artwork', async () => {
    const leaks: Record<string, string[]> = {};
    for (const path of API_ROUTES.filter((route) => route.method === 'GET').map((route) => route.path)) {
      for (const address of WEB_CALLS[path]?.() ?? []) {
        const response = await server.request(address, { cookie: kidCookie });
        const text = await response.text();
        expect({ address, status: response.status < 500 }).toEqual({ address, status: true });
        const found = [...leaksIn(text), ...(text.startsWith('[') || text.startsWith('{') ? idLeaksIn(JSON.parse(text)) : [])];
        if (found.length > 0) leaks[address] = found;
      }
    }
    expect(leaks).toEqual({});
  }, 60_000);

  test('what they are allowed still shows: their library, albums, the allowed songs of a shared playlist', async () => {
    const library = (await (await server.request('/api/songs', { cookie: kidCookie })).json()) as { id: number }[];
    const expected = Array.from({ length: SONGS }, (_, i) => i + 1).filter(isAllowed);
    expect(library.map((song) => song.id).sort((a, b) => a - b)).toEqual(expected);
    // Kept offline music is checked by id: only what they may hear comes back.
    const kept = (await (await server.request(`/api/songs/visible?ids=${songIds.join(',')}`, { cookie: kidCookie })).json()) as { id: number }[];
    expect(kept.map((song) => song.id)).toEqual([OK_SONG]);
    const albums = (await (await server.request('/api/albums', { cookie: kidCookie })).json()) as { id: number }[];
    expect(albums.map((album) => album.id).sort((a, b) => a - b)).toEqual(VISIBLE_ALBUMS);
    const containing = async (song: number) => ((await (await server.request(`/api/playlists/containing/${song}`, { cookie: kidCookie })).json()) as { playlistIds: number[] }).playlistIds;
    expect([await containing(OK_SONG), await containing(EXPLICIT_SONG), await containing(HIDDEN_ALBUM_SONG)]).toEqual([[kidPlaylist], [], []]);
    // Album 7's artwork is its first song's for everyone else: an explicit song's, so not theirs.
    const album7 = (await (await server.request('/api/albums/7', { cookie: kidCookie })).json()) as { artworkUrl: string };
    expect(album7.artworkUrl).toBe(`/objects/images/${albumArtHash(7)}.png`);
    const shared = (await (await server.request(`/api/playlists/${familyPlaylist}/songs`, { cookie: kidCookie })).json()) as { id: number }[];
    expect(shared.map((song) => song.id)).toEqual([OK_SONG, 2, 3]);
    const full = (await (await server.request(`/api/playlists/${familyPlaylist}/songs`, { cookie: adminCookie })).json()) as { id: number }[];
    expect(full.map((song) => song.id)).toEqual([EXPLICIT_SONG, OK_SONG, HIDDEN_ALBUM_SONG, LOOSE_SONG, 2, 3]);
    // The unrestricted list is not the restricted one's cache, nor its ETag (a 304 would hand
    // a shared browser's cached family list to the member).
    const adminResponse = await server.request('/api/songs', { cookie: adminCookie });
    expect(((await adminResponse.json()) as unknown[]).length).toBe(SONGS);
    const adminEtag = adminResponse.headers.get('etag')!;
    const kidResponse = await server.request('/api/songs', { cookie: kidCookie, headers: { 'if-none-match': adminEtag } });
    expect(kidResponse.status).toBe(200);
    expect(kidResponse.headers.get('etag')).not.toBe(adminEtag);
    expect((await server.request('/api/songs', { cookie: kidCookie, headers: { 'if-none-match': kidResponse.headers.get('etag')! } })).status).toBe(304);
  });

  test("a hidden song's audio and artwork URLs answer 403 to them; allowed ones play; a guest holding the link still plays", async () => {
    const sqlite = server.db.$client;
    const shareOf = (n: number) => (sqlite.query('SELECT share_id FROM songs WHERE id = ?').get(n) as { share_id: string }).share_id;
    const audio = (n: number) => `/media/songs/${shareOf(n)}/${audioHash(n)}.mp3`;
    for (const n of [EXPLICIT_SONG, HIDDEN_ALBUM_SONG, LOOSE_SONG]) {
      expect({ n, status: (await server.request(audio(n), { cookie: kidCookie })).status }).toEqual({ n, status: 403 });
    }
    for (const hash of [albumArtHash(HIDDEN_ALBUM), explicitArtHash(EXPLICIT_SONG)]) {
      expect((await server.request(`/objects/images/${hash}.png`, { cookie: kidCookie })).status).toBe(403);
      expect((await server.request(`/objects/previews/${hash}.jpg`, { cookie: kidCookie })).status).toBe(403);
      expect((await server.request(`/objects/images/${hash}.png`)).status).toBe(200);
    }
    const allowedArt = await server.request(`/objects/images/${albumArtHash(OK_ALBUM)}.png`, { cookie: kidCookie });
    expect(allowedArt.status).toBe(200);
    // Who asks decides the answer: no shared cache may hand a member's answer to another.
    expect(allowedArt.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect((await server.request(`/objects/images/${albumArtHash(OK_ALBUM)}.png`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // No file is stored for the seeded audio: an allowed song gets past the rule to the disk (404 there, not 403).
    expect((await server.request(audio(OK_SONG), { cookie: kidCookie })).status).toBe(404);
    expect((await server.request(audio(EXPLICIT_SONG))).status).toBe(404);
  });
});

/** Each Subsonic method's calls with real ids, allowed and hidden; a method not named here fails the test. */
const S = songIds;
const songCalls = (name = 'id') => S.map((id) => ({ [name]: id }));
const ARTISTS = ['Ar.1.r', 'Ar.60.r', 'Looser Band'];
const REST_CALLS: Record<string, () => Query[]> = {
  ping: () => [{}],
  getLicense: () => [{}],
  getOpenSubsonicExtensions: () => [{}],
  getMusicFolders: () => [{}],
  getIndexes: () => [{}],
  getArtists: () => [{}],
  getArtist: () => ARTISTS.map((name) => ({ id: artistId(name) })),
  getMusicDirectory: () => [...albumIds.map((id) => ({ id: `al-${id}` })), ...songCalls()],
  getAlbum: () => albumIds.map((id) => ({ id: `al-${id}` })),
  getSong: () => songCalls(),
  getAlbumList: () => ['random', 'newest', 'highest', 'frequent', 'recent', 'alphabeticalByName', 'alphabeticalByArtist', 'starred', 'byGenre'].map((type) => ({ type, genre: 'Rock', size: '500' })),
  getAlbumList2: () => ['random', 'newest', 'highest', 'frequent', 'recent', 'alphabeticalByName', 'alphabeticalByArtist', 'starred', 'byGenre'].map((type) => ({ type, genre: 'Rock', size: '500' })),
  getGenres: () => [{}],
  getSongsByGenre: () => [{ genre: 'Rock', count: '500' }],
  getArtistInfo: () => ARTISTS.map((name) => ({ id: artistId(name) })),
  getArtistInfo2: () => ARTISTS.map((name) => ({ id: artistId(name) })),
  getAlbumInfo: () => albumIds.map((id) => ({ id: `al-${id}` })),
  getAlbumInfo2: () => albumIds.map((id) => ({ id: `al-${id}` })),
  getTopSongs: () => ARTISTS.map((artist) => ({ artist, count: '50' })),
  getSimilarSongs: () => [...songCalls(), ...albumIds.map((id) => ({ id: `al-${id}`, count: '100' })), ...ARTISTS.map((name) => ({ id: artistId(name) }))],
  getSimilarSongs2: () => [...songCalls(), ...albumIds.map((id) => ({ id: `al-${id}`, count: '100' })), ...ARTISTS.map((name) => ({ id: artistId(name) }))],
  getRandomSongs: () => [{ size: '500' }],
  search2: () => ['', 'S.7.s', 'S.60.s', 'Alb.60.b', 'Ar.60.r', 'Looser'].map((query) => ({ query, songCount: '500', albumCount: '500', artistCount: '500' })),
  search3: () => ['', 'S.7.s', 'S.60.s', 'Alb.60.b', 'Ar.60.r', 'Looser'].map((query) => ({ query, songCount: '500', albumCount: '500', artistCount: '500' })),
  getPlaylists: () => [{}],
  getPlaylist: () => [familyPlaylist, kidPlaylist].map((id) => ({ id: String(id) })),
  createPlaylist: () => [{ name: 'New', songId: S }],
  updatePlaylist: () => [{ playlistId: String(kidPlaylist), songIdToAdd: S }],
  deletePlaylist: () => [{ id: '999999' }],
  getUser: () => [{ username: 'kid' }],
  getUsers: () => [{}],
  getAvatar: () => [{ username: 'kid' }],
  getScanStatus: () => [{}],
  startScan: () => [{}],
  getLyrics: () => ['S.1.s', 'S.7.s', 'S.60.s'].map((n) => ({ title: `Song ${n}` })),
  getLyricsBySongId: () => songCalls(),
  scrobble: () => [...songCalls(), ...S.map((id) => ({ id, submission: 'false' }))],
  reportPlayback: () => S.map((mediaId) => ({ mediaId, mediaType: 'song', positionMs: '1000', state: 'playing' })),
  star: () => [...songCalls(), ...albumIds.map((id) => ({ albumId: `al-${id}` }))],
  unstar: () => [{ id: '999999' }],
  setRating: () => S.map((id) => ({ id, rating: '3' })),
  getPlayQueue: () => [{}],
  savePlayQueue: () => [{ id: S, current: String(EXPLICIT_SONG) }],
  getPlayQueueByIndex: () => [{}],
  savePlayQueueByIndex: () => [{ id: S, currentIndex: '1' }],
  getBookmarks: () => [{}],
  createBookmark: () => S.map((id) => ({ id, position: '5' })),
  deleteBookmark: () => [{ id: '999999' }],
  getShares: () => [{}],
  createShare: () => [...songCalls(), ...albumIds.map((id) => ({ id: `al-${id}` })), { id: `pl-${familyPlaylist}` }],
  updateShare: () => [{ id: '999999' }],
  deleteShare: () => [{ id: '999999' }],
  getInternetRadioStations: () => [{}],
  createInternetRadioStation: () => [{ name: 'x', streamUrl: 'https://radio.example/x.mp3' }],
  updateInternetRadioStation: () => [{ id: '999999', name: 'x', streamUrl: 'https://radio.example/x.mp3' }],
  deleteInternetRadioStation: () => [{ id: '999999' }],
  getStarred: () => [{}],
  getStarred2: () => [{}],
  getNowPlaying: () => [{}],
  stream: () => songCalls(),
  download: () => songCalls(),
  getCoverArt: () => [...songCalls(), ...albumIds.map((id) => ({ id: `al-${id}` })), { id: `pl-${familyPlaylist}` }, { id: `pl-${kidPlaylist}` }],
};
const UNOFFERED = new Set<string>([...NOT_IMPLEMENTED, ...GONE]);

describe('a restricted member on every Subsonic method', () => {
  test('every method is classified: called with real ids, or one Hearth does not offer', () => {
    expect(listMethods().map((method) => method.name).filter((name) => !(name in REST_CALLS) && !UNOFFERED.has(name))).toEqual([]);
  });

  test('no method answers a hidden song, album, artist, count, hash or artwork', async () => {
    const leaks: Record<string, string[]> = {};
    for (const { name } of listMethods()) {
      const calls = REST_CALLS[name]?.() ?? [{}, ...songCalls()];
      for (const query of calls) {
        const response = await server.request(restUrl(name, query));
        const bytes = new Uint8Array(await response.arrayBuffer());
        // What the app sent back to itself (getLyrics names the title it was asked for) is no leak.
        const echoed = Object.values(query).flat().filter((value) => /\D/.test(value) && value.length >= 3);
        const text = echoed.reduce((answer, value) => answer.replaceAll(value, ''), new TextDecoder().decode(bytes));
        const found = [...leaksIn(text), ...(text.startsWith('{') ? idLeaksIn(JSON.parse(text)) : [])];
        if (found.length > 0) leaks[`${name} ${JSON.stringify(query)}`] = found;
      }
    }
    expect(leaks).toEqual({});
  }, 120_000);

  test('counts are of what they may hear: genres, albums and the index', async () => {
    const genres = (await rest('getGenres'))['subsonic-response'].genres.genre as { value: string; songCount: number; albumCount: number }[];
    const rock = genres.find((genre) => genre.value === 'Rock')!;
    expect(rock.songCount).toBe(Array.from({ length: SONGS }, (_, i) => i + 1).filter((n) => ROCK(n) && isAllowed(n)).length);
    expect(rock.albumCount).toBe(VISIBLE_ALBUMS.length);
    const album = (await rest('getAlbum', { id: `al-${OK_ALBUM}` }))['subsonic-response'].album;
    const expected = Array.from({ length: SONGS }, (_, i) => i + 1).filter((n) => albumOf(n) === OK_ALBUM && isAllowed(n));
    expect(album.songCount).toBe(expected.length);
    expect(album.song.map((song: { id: string }) => Number(song.id))).toEqual(expected);
    const artists = (await rest('getArtists'))['subsonic-response'].artists.index.flatMap((entry: any) => entry.artist);
    expect(artists.length).toBe(VISIBLE_ALBUMS.length);
  });

  test("stream, download and getCoverArt of a hidden song are refused; the allowed song's cover is served", async () => {
    for (const method of ['stream', 'download', 'getCoverArt']) {
      for (const id of [EXPLICIT_SONG, HIDDEN_ALBUM_SONG, LOOSE_SONG]) {
        const text = await (await server.request(restUrl(method, { id: String(id) }))).text();
        expect({ method, id, refused: text.includes('"code":70') }).toEqual({ method, id, refused: true });
      }
    }
    const cover = await server.request(restUrl('getCoverArt', { id: String(OK_SONG) }));
    expect(new Uint8Array(await cover.arrayBuffer())).toEqual(artBytes.get(albumArtHash(OK_ALBUM))!);
  });
});
