import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SubsonicAPI } from 'subsonic-api';
import type { NewAppPasswordDto, SongDto } from '../../src/shared/types.ts';
import { insertSong } from '../../src/testing/factories.ts';
import { type TestServer, makeTempDir, startTestServer } from '../../src/testing/server.ts';
import { validateSubsonicXml } from '../../src/testing/subsonic-schema.ts';
import { type ToneTags, taggedTone } from '../../src/testing/tag-fixtures.ts';

// Genres, years, disc and track numbers read from uploaded files' tags, as the phone apps use them.
let server: TestServer;
let password: string;
let client: SubsonicAPI;
const work = makeTempDir('hearth-genre-files-');
const uploaded: Record<string, SongDto> = {};

async function upload(admin: string, name: string, tags: ToneTags, frequency: number): Promise<SongDto> {
  const form = new FormData();
  form.set('status', 'published');
  form.set('file', new File([readFileSync(taggedTone(join(work, name), tags, frequency))], name));
  const response = await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as SongDto;
}

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('mum', { isAdmin: true });
  password = ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Phone' }, cookie: admin })).json()) as NewAppPasswordDto).password;
  client = new SubsonicAPI({ url: server.url, auth: { username: 'mum', password } });
  uploaded.boogie = await upload(admin, 'boogie.mp3', { title: 'Boogie', artist: 'The Rollers', album: 'Seventies', genre: 'Rock & Roll; Blues', date: '1975', disc: '1/2', track: '3/9' }, 300);
  uploaded.shuffle = await upload(admin, 'shuffle.flac', { title: 'Shuffle', artist: 'The Rollers', album: 'Seventies', genre: 'rock & roll', date: '1977', disc: '2/2', track: '1' }, 350);
  uploaded.haze = await upload(admin, 'haze.m4a', { title: 'Haze', artist: 'Mist', album: 'Nineties', genre: 'Trip Hop', date: '1995', disc: '2', track: '5/11' }, 400);
  uploaded.ballad = await upload(admin, 'ballad.ogg', { title: 'Ballad', artist: 'Fiddler', genre: 'Folk', date: '2005' }, 450);
  // A song labelled by hand before genres were read: its tag stands in as its genre.
  insertSong(server.db, { title: 'Oompah', artist: 'Band', tags: ['Polka'] });
});
afterAll(() => {
  server.stop();
  rmSync(work, { recursive: true, force: true });
});

const url = (method: string, query: Record<string, string>, format = 'json') =>
  `/rest/${method}?${new URLSearchParams({ u: 'mum', p: password, v: '1.16.1', c: 'test', f: format, ...query })}`;
const json = async (method: string, query: Record<string, string> = {}) =>
  ((await (await server.request(url(method, query))).json()) as { 'subsonic-response': Record<string, any> })['subsonic-response'];
const names = (albums: { name?: string; title?: string }[] | undefined) => (albums ?? []).map((album) => album.name ?? album.title);
const titles = (songs: { title: string }[] | undefined) => (songs ?? []).map((song) => song.title).sort();

describe('uploads keep what the tags say', () => {
  test('the song DTO carries genres, year, disc and track', () => {
    expect(uploaded.boogie).toMatchObject({ genres: ['Rock & Roll', 'Blues'], year: 1975, discNumber: 1, trackNumber: 3 });
    expect(uploaded.haze).toMatchObject({ genres: ['Trip Hop'], year: 1995, discNumber: 2, trackNumber: 5 });
    expect(uploaded.ballad).toMatchObject({ genres: ['Folk'], year: 2005, discNumber: null, trackNumber: null });
  });

  test('a Child has genre, year, discNumber, track and the OpenSubsonic genres list', async () => {
    const song = (await json('getSong', { id: String(uploaded.boogie!.id) })).song;
    expect(song).toMatchObject({ genre: 'Rock & Roll', year: 1975, discNumber: 1, track: 3, genres: [{ name: 'Rock & Roll' }, { name: 'Blues' }] });
    expect((await json('getSong', { id: String(uploaded.shuffle!.id) })).song).toMatchObject({ year: 1977, discNumber: 2, track: 1 });
  });

  test('an album has the latest year of its songs and the genre most of them have', async () => {
    const albums = (await json('getAlbumList2', { type: 'alphabeticalByName' })).albumList2.album;
    expect(albums.map((album: any) => [album.name, album.year, album.genre])).toEqual([
      ['Nineties', 1995, 'Trip Hop'],
      ['Seventies', 1977, 'Rock & Roll'],
    ]);
  });
});

describe('lists by year and genre', () => {
  test('getAlbumList2 and getAlbumList byYear: within the years, oldest first; newest first when fromYear > toYear', async () => {
    expect(names((await json('getAlbumList2', { type: 'byYear', fromYear: '1970', toYear: '2000' })).albumList2.album)).toEqual(['Seventies', 'Nineties']);
    expect(names((await json('getAlbumList2', { type: 'byYear', fromYear: '2000', toYear: '1970' })).albumList2.album)).toEqual(['Nineties', 'Seventies']);
    expect(names((await json('getAlbumList2', { type: 'byYear', fromYear: '1990', toYear: '1999' })).albumList2.album)).toEqual(['Nineties']);
    const folders = (await json('getAlbumList', { type: 'byYear', fromYear: '1976', toYear: '1980' })).albumList.album;
    expect(folders.map((album: any) => [album.title, album.year, album.isDir])).toEqual([['Seventies', 1977, true]]);
    expect((await json('getAlbumList2', { type: 'byYear', fromYear: '1990' })).error.code).toBe(10);
  });

  test('getAlbumList2 byGenre, case folded', async () => {
    expect(names((await json('getAlbumList2', { type: 'byGenre', genre: 'ROCK & ROLL' })).albumList2.album)).toEqual(['Seventies']);
    expect(names((await json('getAlbumList2', { type: 'byGenre', genre: 'trip hop' })).albumList2.album)).toEqual(['Nineties']);
  });

  test('getRandomSongs by genre and by years', async () => {
    expect(titles((await json('getRandomSongs', { size: '50', genre: 'blues' })).randomSongs.song)).toEqual(['Boogie']);
    expect(titles((await json('getRandomSongs', { size: '50', fromYear: '1990', toYear: '2010' })).randomSongs.song)).toEqual(['Ballad', 'Haze']);
    expect(titles((await json('getRandomSongs', { size: '50', genre: 'Rock & Roll', fromYear: '1976' })).randomSongs.song)).toEqual(['Shuffle']);
    expect((await json('getRandomSongs', { size: '50', genre: 'Opera' })).randomSongs).toEqual({ song: [] });
  });

  test('getGenres counts songs and albums per genre; a tag stands in for a song without genres', async () => {
    const genres = (await json('getGenres')).genres.genre;
    expect(genres).toEqual([
      { songCount: 2, albumCount: 1, value: 'Rock & Roll' },
      { songCount: 1, albumCount: 1, value: 'Blues' },
      { songCount: 1, albumCount: 0, value: 'Folk' },
      { songCount: 1, albumCount: 0, value: 'Polka' },
      { songCount: 1, albumCount: 1, value: 'Trip Hop' },
    ]);
  });

  test('getSongsByGenre through the subsonic-api client', async () => {
    expect(titles(((await client.getSongsByGenre({ genre: 'rock & roll' })) as any).songsByGenre.song)).toEqual(['Boogie', 'Shuffle']);
    expect(titles(((await client.getRandomSongs({ genre: 'Trip Hop', size: 5 })) as any).randomSongs.song)).toEqual(['Haze']);
    const byYear = (await client.getAlbumList2({ type: 'byYear', fromYear: 1990, toYear: 1999 })) as any;
    expect(names(byYear.albumList2.album)).toEqual(['Nineties']);
  });

  test('the XML answers validate against the schema', async () => {
    const documents: Record<string, string> = {};
    for (const [method, query] of [
      ['getSong', { id: String(uploaded.boogie!.id) }],
      ['getAlbumList2', { type: 'byYear', fromYear: '1970', toYear: '2000' }],
      ['getAlbumList', { type: 'byGenre', genre: 'Folk' }],
      ['getRandomSongs', { genre: 'Rock & Roll' }],
      ['getGenres', {}],
      ['getSongsByGenre', { genre: 'Blues' }],
    ] as const) {
      documents[method] = await (await server.request(url(method, query, 'xml'))).text();
    }
    expect(documents.getSong).toContain('<genres name="Rock &amp; Roll"/><genres name="Blues"/>');
    expect(await validateSubsonicXml(documents)).toEqual({});
  });
});
