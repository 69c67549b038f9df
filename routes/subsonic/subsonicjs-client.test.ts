import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash, randomBytes } from 'node:crypto';
// A second client library from npm, older and folder-minded: it signs with a salted token and
// walks the v1 methods (music folders, indexes, directories) the way folder-mode apps do.
import Subsonic from 'subsonicjs';
import type { SongRow } from '../../db/schema/index.ts';
import type { NewAppPasswordDto } from '../../src/shared/types.ts';
import { insertAlbum, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let client: Subsonic;
const songs: Record<string, SongRow> = {};

beforeAll(async () => {
  server = await startTestServer();
  const cookie = await server.signUp('dana');
  const password = ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Car' }, cookie })).json()) as NewAppPasswordDto).password;
  const salt = randomBytes(6).toString('hex');
  client = new Subsonic('dana', createHash('md5').update(password + salt).digest('hex'), salt, { host: server.url, client: 'subsonicjs' });
  const album = insertAlbum(server.db, { name: 'Road Trip' }).id;
  songs.first = insertSong(server.db, { title: 'Open Road', artist: 'The Wheels', albumId: album, albumOrder: 1, genres: ['Rock'], year: 1999 });
  songs.second = insertSong(server.db, { title: 'Rest Stop', artist: 'The Wheels', albumId: album, albumOrder: 2, genres: ['Rock'], year: 1999 });
  songs.loose = insertSong(server.db, { title: 'Humming', artist: 'The Wheels' });
  songs.pending = insertSong(server.db, { title: 'Not Yet', artist: 'The Wheels', status: 'pending' });
});
afterAll(() => server.stop());

describe('the subsonicjs client, browsing by folder', () => {
  test('signs in with a salted token and walks folders → indexes → artist → album → songs', async () => {
    expect((await client.system.ping()).status).toBe('ok');
    const folders = (await client.browsing.getMusicFolders()).musicFolders.musicFolder;
    expect(folders.length).toBeGreaterThan(0);
    const indexes = (await client.browsing.getIndexes()).indexes.index;
    const artist = indexes.flatMap((index: any) => index.artist).find((entry: any) => entry.name === 'The Wheels');
    expect(artist).toBeDefined();
    const artistDir = (await client.browsing.getMusicDirectory(artist.id)).directory;
    const children = artistDir.child.map((child: any) => [child.title, child.isDir]);
    // The album, and the song with no album under its artist's album-less entry.
    expect(children).toContainEqual(['Road Trip', true]);
    const looseDir = artistDir.child.find((child: any) => child.isDir && child.title !== 'Road Trip');
    const albumDir = artistDir.child.find((child: any) => child.title === 'Road Trip');
    const tracks = (await client.browsing.getMusicDirectory(albumDir.id)).directory.child;
    expect(tracks.map((track: any) => [track.title, track.year, track.genre])).toEqual([
      ['Open Road', 1999, 'Rock'],
      ['Rest Stop', 1999, 'Rock'],
    ]);
    const loose = (await client.browsing.getMusicDirectory(looseDir.id)).directory.child;
    expect(loose.map((track: any) => track.title)).toEqual(['Humming']);
  });

  test('v1 lists, search2, starred and random songs see the family library and never a pending song', async () => {
    const byYear = (await client.browsing.getAlbumList('byYear', { fromYear: 1990, toYear: 2000 })).albumList.album;
    expect(byYear.map((album: any) => album.title)).toEqual(['Road Trip']);
    const byGenre = (await client.browsing.getAlbumList('byGenre', { genre: 'rock' })).albumList.album;
    expect(byGenre.map((album: any) => album.title)).toEqual(['Road Trip']);
    const found = (await client.searching.search2({ query: 'the wheels' })).searchResult2;
    expect(found.song.map((song: any) => song.title).sort()).toEqual(['Humming', 'Open Road', 'Rest Stop']);
    await client.media.star({ id: String(songs.second!.id) });
    // This library's getStarred asks getStarred2 (the v1 method is covered in subsonic-lists.test.ts).
    const starred = (await client.browsing.getStarred()).starred2;
    expect(starred.song.map((song: any) => song.title)).toEqual(['Rest Stop']);
    const random = (await client.browsing.getRandomSongs({ size: 10, genre: 'Rock' })).randomSongs.song;
    expect(random.map((song: any) => song.title).sort()).toEqual(['Open Road', 'Rest Stop']);
  });
});
