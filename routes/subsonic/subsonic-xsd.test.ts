import { afterAll, beforeAll, expect, test } from 'bun:test';
import { XMLParser } from 'fast-xml-parser';
import { listMethods } from '../../src/services/subsonic/api.ts';
import type { NewAppPasswordDto } from '../../src/shared/types.ts';
import { insertAlbum, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';
import { validateSubsonicXml } from '../../src/testing/subsonic-schema.ts';

let server: TestServer;
let password: string;
const ids: Record<string, string> = {};

type Query = Record<string, string | string[] | undefined>;
const url = (method: string, query: Query, format?: string) => {
  const search = new URLSearchParams({ u: 'mum', p: password, v: '1.16.1', c: 'xsd-test', ...(format ? { f: format } : {}) });
  for (const [name, value] of Object.entries(query)) for (const one of [value ?? []].flat()) search.append(name, one);
  return `/rest/${method}?${search}`;
};
const json = async (method: string, query: Query = {}) =>
  ((await (await server.request(url(method, query, 'json'))).json()) as { 'subsonic-response': Record<string, any> })['subsonic-response'];

beforeAll(async () => {
  server = await startTestServer();
  const cookie = await server.signUp('mum', { isAdmin: true });
  password = ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Phone' }, cookie })).json()) as NewAppPasswordDto).password;
  const db = server.db;
  const album = insertAlbum(db, { name: 'Blue Skies & <Friends>' });
  const morning = insertSong(db, { title: 'Morning "Light"', artist: 'The Wanderers', albumId: album.id, albumOrder: 1, artworkUrl: '/objects/images/a.png', genres: ['Rock & Roll', 'Folk'], year: 1999, discNumber: 1, trackNumber: 1 });
  insertSong(db, { title: 'Evening Road', artist: 'Ann', albumId: album.id, albumOrder: 2 });
  insertSong(db, { title: 'Loose Tune', artist: null, tags: ['Folk'] });
  ids.song = String(morning.id);
  ids.album = `al-${album.id}`;
  ids.artist = (await json('getArtists')).artists.index.flatMap((index: any) => index.artist).find((artist: any) => artist.name === 'The Wanderers').id;
  ids.playlist = (await json('createPlaylist', { name: 'Car songs', songId: ids.song })).playlist.id;
  ids.doomed = (await json('createPlaylist', { name: 'Soon gone' })).playlist.id;
  await json('star', { id: ids.song, albumId: ids.album, artistId: ids.artist });
  await json('scrobble', { id: ids.song, submission: 'false' });
  // What the phone-app methods list, for the methods of them that are in the table (the others answer an error).
  await json('setRating', { id: ids.song, rating: '4' });
  await json('setRating', { id: ids.album, rating: '5' });
  await json('createBookmark', { id: ids.song, position: '61000', comment: 'Chorus' });
  await json('savePlayQueue', { id: ids.song, current: ids.song, position: '1000' });
  ids.share = (await json('createShare', { id: ids.song, description: 'For Gran', expires: String(Date.now() + 86_400_000) })).shares?.share[0].id;
  ids.doomedShare = (await json('createShare', { id: ids.album })).shares?.share[0].id;
  await json('createInternetRadioStation', { name: 'Jazz FM', streamUrl: 'https://radio.example/jazz.mp3', homepageUrl: 'https://radio.example/' });
  ids.station = (await json('getInternetRadioStations')).internetRadioStations?.internetRadioStation[0].id;
});
afterAll(() => server.stop());

/** The calls each method is tried with (several for methods with kinds); a method not named here gets a song's id. */
const CALLS: Record<string, () => Query[]> = {
  getIndexes: () => [{}, { ifModifiedSince: String(Date.now() + 60_000) }],
  getArtist: () => [{ id: ids.artist! }],
  getMusicDirectory: () => [{ id: ids.artist! }, { id: ids.album! }],
  getAlbum: () => [{ id: ids.album! }],
  getSong: () => [{ id: ids.song! }],
  getAlbumList2: () => [
    ...['random', 'newest', 'highest', 'frequent', 'recent', 'alphabeticalByName', 'alphabeticalByArtist', 'starred'].map((type) => ({ type })),
    { type: 'byYear', fromYear: '2000', toYear: '1990' },
    { type: 'byGenre', genre: 'rock & roll' },
  ],
  getRandomSongs: () => [{ size: '5' }, { genre: 'Folk', fromYear: '1990', toYear: '2000' }],
  search3: () => [{ query: '' }, { query: 'wander' }],
  getPlaylist: () => [{ id: ids.playlist! }],
  createPlaylist: () => [{ name: 'Another', songId: ids.song! }],
  updatePlaylist: () => [{ playlistId: ids.playlist!, name: 'Car songs 2', songIdToAdd: ids.song! }],
  deletePlaylist: () => [{ id: ids.doomed! }],
  getUser: () => [{ username: 'mum' }],
  scrobble: () => [{ id: ids.song! }, { id: ids.song!, submission: 'false' }],
  star: () => [{ id: ids.song! }],
  unstar: () => [{ albumId: ids.album! }],
  getAlbumList: () => ['random', 'newest', 'highest', 'frequent', 'recent', 'alphabeticalByName', 'starred', 'byGenre', 'byYear'].map((type) => ({ type, genre: 'Folk', fromYear: '1990', toYear: '2000' })),
  getSongsByGenre: () => [{ genre: 'Folk' }],
  getArtistInfo: () => [{ id: ids.artist! }],
  getArtistInfo2: () => [{ id: ids.artist! }],
  getAlbumInfo: () => [{ id: ids.album! }],
  getAlbumInfo2: () => [{ id: ids.album! }],
  getTopSongs: () => [{ artist: 'The Wanderers' }],
  search2: () => [{ query: '' }, { query: 'wander' }],
  getUsers: () => [{}],
  getScanStatus: () => [{}],
  startScan: () => [{}],
  getLyrics: () => [{ artist: 'The Wanderers', title: 'Morning "Light"' }],
  reportPlayback: () => [{ mediaId: ids.song!, mediaType: 'song', positionMs: '5000', state: 'playing' }],
  setRating: () => [{ id: ids.song!, rating: '4' }],
  getPlayQueue: () => [{}],
  savePlayQueue: () => [{ id: ids.song!, current: ids.song! }],
  getPlayQueueByIndex: () => [{}],
  savePlayQueueByIndex: () => [{ id: ids.song!, currentIndex: '0', position: '5' }],
  getBookmarks: () => [{}],
  createBookmark: () => [{ id: ids.song!, position: '62000' }],
  getShares: () => [{}],
  createShare: () => [{ id: ids.song! }],
  updateShare: () => [{ id: ids.share!, description: 'For Grandad' }, { id: ids.share! }],
  deleteShare: () => [{ id: ids.doomedShare! }],
  getInternetRadioStations: () => [{}],
  createInternetRadioStation: () => [{ name: 'Folk FM', streamUrl: 'https://radio.example/folk.mp3' }],
  updateInternetRadioStation: () => [{ id: ids.station!, name: 'Jazz 24', streamUrl: 'https://radio.example/24.mp3' }],
  getStarred: () => [{}],
};
const callsOf = (method: string) => (CALLS[method] ?? (() => [{}, { id: ids.song! }]))();
// Each of these has its arguments above; every answer, even an error, must validate.
const MUST_SUCCEED = new Set(['ping', 'getLicense', 'getMusicFolders', 'getArtists', 'getStarred2', 'getNowPlaying', 'getPlaylists', ...Object.keys(CALLS)]);

const dataMethods = () => listMethods().filter((method) => method.answers === 'data').map((method) => method.name);

test("every XML answer of every data method validates against Hearth's schema of the Subsonic answers", async () => {
  const documents: Record<string, string> = {};
  for (const method of dataMethods()) {
    for (const [i, query] of callsOf(method).entries()) {
      const text = await (await server.request(url(method, query))).text();
      if (MUST_SUCCEED.has(method)) expect({ method, query, ok: text.includes('status="ok"') }).toEqual({ method, query, ok: true });
      documents[`${method} #${i}`] = text;
    }
  }
  documents.error = await (await server.request(url('getSong', { id: '999999' }))).text();
  expect(await validateSubsonicXml(documents)).toEqual({});
});

const ENVELOPE = 'xmlns="http://subsonic.org/restapi" status="ok" version="1.16.1" type="hearth" serverVersion="1.0" openSubsonic="true"';
const answer = (inner: string, envelope = ENVELOPE) => `<?xml version="1.0" encoding="UTF-8"?><subsonic-response ${envelope}>${inner}</subsonic-response>`;
const SONG = 'id="7" isDir="false" title="Morning" duration="180" contentType="audio/ogg" created="2026-11-25T10:00:00.000Z" type="music"';
const song = (attributes = SONG, inner = '') => answer(`<song ${attributes}>${inner}</song>`);

/** Documents the schema must refuse, each with what xmllint says about it. */
const REFUSED: Record<string, [document: string, says: string]> = {
  // getIndexes lists the folder form of an artist: the album count belongs to the ID3 form only.
  id3OnlyOnFolderArtist: [
    answer('<indexes lastModified="1" ignoredArticles=""><index name="A"><artist id="ar-1" name="Ann" albumCount="1"/></index></indexes>'),
    "attribute 'albumCount': The attribute 'albumCount' is not allowed.",
  ],
  unknownSongAttribute: [song(`${SONG} lyricsUrl="x"`), "The attribute 'lyricsUrl' is not allowed."],
  songWithoutId: [song(SONG.replace('id="7" ', '')), "The attribute 'id' is required but missing."],
  albumWithoutSongCount: [answer('<album id="al-1" name="Blue" duration="1" created="2026-11-25T10:00:00Z"/>'), "The attribute 'songCount' is required but missing."],
  unknownSongElement: [song(SONG, '<lyrics>la</lyrics>'), "Element '{http://subsonic.org/restapi}lyrics': This element is not expected."],
  twoReplayGains: [song(SONG, '<replayGain trackGain="1"/><genres name="Pop"/><replayGain trackGain="2"/>'), "Element '{http://subsonic.org/restapi}replayGain': This element is not expected."],
  bookmarkWithoutSong: [answer('<bookmarks><bookmark position="1" username="mum" created="2026-11-25T10:00:00Z" changed="2026-11-25T10:00:00Z"/></bookmarks>'), 'Missing child element(s).'],
  fractionalDuration: [song(SONG.replace('duration="180"', 'duration="180.5"')), "'180.5' is not a valid value of the atomic type 'xs:int'."],
  notADate: [song(SONG.replace('2026-11-25T10:00:00.000Z', '25 Nov 2026')), "'25 Nov 2026' is not a valid value of the atomic type 'xs:dateTime'."],
  mediaTypeWithParameters: [song(SONG.replace('audio/ogg', 'audio/ogg; codecs=opus')), "is not accepted by the pattern"],
  unknownKindOfMedia: [song(SONG.replace('type="music"', 'type="song"')), "is not an element of the set"],
  unknownStatus: [answer('', ENVELOPE.replace('"ok"', '"fine"')), "is not an element of the set"],
  withoutVersion: [answer('', ENVELOPE.replace(' version="1.16.1"', '')), "The attribute 'version' is required but missing."],
  withoutServerType: [answer('', ENVELOPE.replace(' type="hearth"', '')), "The attribute 'type' is required but missing."],
  undefinedErrorCode: [answer('<error code="99" message="?"/>', ENVELOPE.replace('"ok"', '"failed"')), "is not an element of the set"],
  failedWithoutError: [answer('', ENVELOPE.replace('"ok"', '"failed"')), 'A failed answer without its error element.'],
  errorInAnAnswerThatIsOk: [answer('<error code="70" message="Song not found"/>'), 'An error element in an answer that is not failed.'],
  twoAnswers: [answer('<license valid="true"/><scanStatus scanning="false"/>'), "Element '{http://subsonic.org/restapi}scanStatus': This element is not expected."],
  otherNamespace: [answer('', ENVELOPE.replace('subsonic.org/restapi', 'example.org/restapi')), 'No matching global declaration available for the validation root.'],
};

test('the check refuses what the API does not allow: unknown or ID3-only attributes, missing ids, wrong types and counts', async () => {
  const fine = {
    folderArtist: answer('<indexes lastModified="1" ignoredArticles=""><index name="A"><artist id="ar-1" name="Ann"/></index></indexes>'),
    // OpenSubsonic's lists come from JSON objects, so in any order; the replay gain at most once.
    openSubsonicSong: song(`${SONG} mediaType="song" played="2026-11-25T11:00:00Z"`, '<genres name="Pop"/><replayGain trackGain="-1.5"/><moods>calm</moods><genres name="Folk"/>'),
    error: answer('<error code="70" message="Song not found"/>', ENVELOPE.replace('"ok"', '"failed"')),
  };
  const documents = { ...fine, ...Object.fromEntries(Object.entries(REFUSED).map(([name, [document]]) => [name, document])) };
  const failures = await validateSubsonicXml(documents);
  expect(Object.keys(failures).sort()).toEqual(Object.keys(REFUSED).sort());
  for (const [name, [, says]] of Object.entries(REFUSED)) expect({ name, failure: failures[name]?.includes(says) ? says : failures[name] }).toEqual({ name, failure: says });
});

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false, parseTagValue: false, textNodeName: 'value', isArray: (_name, _path, _leaf, isAttribute) => !isAttribute });

// Lists in a stable order: random picks differ between the two calls, their shape does not.
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort()) : item));
const sorted = (items: unknown[]) => items.sort((a, b) => canonical(a).localeCompare(canonical(b)));

/** JSON's tree as the XML form spells it: scalars as text, every object as a repeated element, empty lists absent. */
function asXmlReads(value: unknown): unknown {
  if (Array.isArray(value)) return sorted(value.map(asXmlReads));
  if (value === null || typeof value !== 'object') return String(value);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (Array.isArray(child) && child.length === 0) continue;
    out[key] = child !== null && typeof child === 'object' && !Array.isArray(child) ? [asXmlReads(child)] : asXmlReads(child);
  }
  return out;
}
// An empty element parses as '' (always inside a list: elements are lists); an empty attribute stays ''.
const emptyAsObject = (value: unknown): unknown =>
  Array.isArray(value)
    ? sorted(value.map((item) => (item === '' ? {} : emptyAsObject(item))))
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, emptyAsObject(v)]))
      : value;
// A text element (`<biography>…</biography>`) and a one-item list of scalars (`<folder>1</folder>`) both
// read as a list of one text in XML: both forms are compared as that text.
const oneTextAsText = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.length === 1 && typeof value[0] === 'string'
      ? value[0]
      : value.map(oneTextAsText)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, oneTextAsText(v)]))
      : value;

test('JSON answers have the same shape as the XML ones', async () => {
  for (const method of dataMethods().filter((name) => !['createPlaylist', 'createShare', 'deletePlaylist', 'scrobble', 'star', 'unstar', 'updatePlaylist'].includes(name))) {
    for (const query of callsOf(method)) {
      const fromXml = parser.parse(await (await server.request(url(method, query))).text())['subsonic-response'][0];
      delete fromXml.xmlns;
      const fromJson = asXmlReads(await json(method, query));
      // Stars and plays are the same between the two calls: only the shape is compared.
      expect({ method, query, answer: oneTextAsText(emptyAsObject(fromXml)) }).toEqual({ method, query, answer: oneTextAsText(fromJson) });
    }
  }
});
