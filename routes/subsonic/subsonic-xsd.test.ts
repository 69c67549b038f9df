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
  const morning = insertSong(db, { title: 'Morning "Light"', artist: 'The Wanderers', albumId: album.id, albumOrder: 1, artworkUrl: '/objects/images/a.png' });
  insertSong(db, { title: 'Evening Road', artist: 'Ann', albumId: album.id, albumOrder: 2 });
  insertSong(db, { title: 'Loose Tune', artist: null });
  ids.song = String(morning.id);
  ids.album = `al-${album.id}`;
  ids.artist = (await json('getArtists')).artists.index.flatMap((index: any) => index.artist).find((artist: any) => artist.name === 'The Wanderers').id;
  ids.playlist = (await json('createPlaylist', { name: 'Car songs', songId: ids.song })).playlist.id;
  ids.doomed = (await json('createPlaylist', { name: 'Soon gone' })).playlist.id;
  await json('star', { id: ids.song, albumId: ids.album, artistId: ids.artist });
  await json('scrobble', { id: ids.song, submission: 'false' });
});
afterAll(() => server.stop());

/** The calls each method is tried with (several for methods with kinds); a method not named here gets a song's id. */
const CALLS: Record<string, () => Query[]> = {
  getIndexes: () => [{}, { ifModifiedSince: String(Date.now() + 60_000) }],
  getArtist: () => [{ id: ids.artist! }],
  getMusicDirectory: () => [{ id: ids.artist! }, { id: ids.album! }],
  getAlbum: () => [{ id: ids.album! }],
  getSong: () => [{ id: ids.song! }],
  getAlbumList2: () => ['random', 'newest', 'highest', 'frequent', 'recent', 'alphabeticalByName', 'alphabeticalByArtist', 'starred'].map((type) => ({ type })),
  getRandomSongs: () => [{ size: '5' }],
  search3: () => [{ query: '' }, { query: 'wander' }],
  getPlaylist: () => [{ id: ids.playlist! }],
  createPlaylist: () => [{ name: 'Another', songId: ids.song! }],
  updatePlaylist: () => [{ playlistId: ids.playlist!, name: 'Car songs 2', songIdToAdd: ids.song! }],
  deletePlaylist: () => [{ id: ids.doomed! }],
  getUser: () => [{ username: 'mum' }],
  scrobble: () => [{ id: ids.song! }, { id: ids.song!, submission: 'false' }],
  star: () => [{ id: ids.song! }],
  unstar: () => [{ albumId: ids.album! }],
};
const callsOf = (method: string) => (CALLS[method] ?? (() => [{}, { id: ids.song! }]))();
// Each of these has its arguments above; every answer, even an error, must validate.
const MUST_SUCCEED = new Set(['ping', 'getLicense', 'getMusicFolders', 'getArtists', 'getStarred2', 'getNowPlaying', 'getPlaylists', ...Object.keys(CALLS)]);

const dataMethods = () => listMethods().filter((method) => method.answers === 'data').map((method) => method.name);

test('every XML answer of every data method validates against the Subsonic 1.16.1 schema with the OpenSubsonic additions', async () => {
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

test('the check refuses what the schema does not allow (an ID3-only attribute on a folder artist, a missing version)', async () => {
  const head = '<?xml version="1.0" encoding="UTF-8"?><subsonic-response xmlns="http://subsonic.org/restapi" status="ok"';
  const failures = await validateSubsonicXml({
    fine: `${head} version="1.16.1" openSubsonic="true"><indexes lastModified="1" ignoredArticles=""><index name="A"><artist id="ar-1" name="Ann"/></index></indexes></subsonic-response>`,
    id3: `${head} version="1.16.1"><indexes lastModified="1" ignoredArticles=""><index name="A"><artist id="ar-1" name="Ann" albumCount="1"/></index></indexes></subsonic-response>`,
    noVersion: `${head}/>`,
  });
  expect(Object.keys(failures).sort()).toEqual(['id3', 'noVersion']);
  expect(failures.id3).toContain("attribute 'albumCount': The attribute 'albumCount' is not allowed.");
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
const emptyAsObject = (value: unknown): unknown =>
  value === '' ? {} : Array.isArray(value) ? sorted(value.map(emptyAsObject)) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, emptyAsObject(v)])) : value;

test('JSON answers have the same shape as the XML ones', async () => {
  for (const method of dataMethods().filter((name) => !['createPlaylist', 'deletePlaylist', 'scrobble', 'star', 'unstar', 'updatePlaylist'].includes(name))) {
    for (const query of callsOf(method)) {
      const fromXml = parser.parse(await (await server.request(url(method, query))).text())['subsonic-response'][0];
      delete fromXml.xmlns;
      const fromJson = asXmlReads(await json(method, query));
      // Stars and plays are the same between the two calls: only the shape is compared.
      expect({ method, query, answer: emptyAsObject(fromXml) }).toEqual({ method, query, answer: fromJson });
    }
  }
});
