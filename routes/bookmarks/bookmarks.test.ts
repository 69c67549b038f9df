import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { SongRow } from '../../db/schema/index.ts';
import type { BookmarkDto, NewAppPasswordDto } from '../../src/shared/types.ts';
import { insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let story: SongRow;
let play: SongRow;

beforeAll(async () => {
  server = await startTestServer();
  story = insertSong(server.db, { title: 'Long Story', duration: 660 });
  play = insertSong(server.db, { title: 'Radio Play', duration: 1800 });
});
afterAll(() => server.stop());

const list = async (cookie: string) => {
  const response = await server.request('/api/bookmarks', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as BookmarkDto[];
};
const put = (cookie: string, songId: number | string, positionMs: unknown) => server.request(`/api/bookmarks/${songId}`, { method: 'PUT', json: { positionMs }, cookie });

describe('Continue listening (/api/bookmarks)', () => {
  test('positions per person and song, newest first; a position within the last 30 s drops the song', async () => {
    const gran = await server.signUp('gran');
    const kid = await server.signUp('kid');
    expect(await list(gran)).toEqual([]);
    expect((await put(gran, story.id, 120_000)).status).toBe(204);
    server.advance(1000);
    expect((await put(gran, play.id, 60_000)).status).toBe(204);
    expect((await list(gran)).map((b) => [b.song.title, b.positionMs])).toEqual([['Radio Play', 60_000], ['Long Story', 120_000]]);
    expect(await list(kid)).toEqual([]);
    expect((await put(gran, story.id, 631_000)).status).toBe(204);
    expect((await list(gran)).map((b) => b.song.title)).toEqual(['Radio Play']);
  });

  test('songs the family cannot hear are 404 and leave the shelf; bad bodies are 400; signed out 401', async () => {
    const mum = await server.signUp('mum');
    const hidden = insertSong(server.db, { title: 'Pending', status: 'pending', duration: 900 });
    expect((await put(mum, hidden.id, 1000)).status).toBe(404);
    expect((await put(mum, 'abc', 1000)).status).toBe(404);
    for (const bad of [-1, 1.5, 'x', null]) expect((await put(mum, story.id, bad)).status).toBe(400);
    expect((await server.request('/api/bookmarks')).status).toBe(401);
    expect((await put('', story.id, 1000)).status).toBe(401);
  });

  test('the same record as Subsonic bookmarks, both ways', async () => {
    const cookie = await server.signUp('listener');
    const password = ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Car' }, cookie })).json()) as NewAppPasswordDto).password;
    const rest = async (method: string, extra: [string, string][] = []) => {
      const search = new URLSearchParams([['u', 'listener'], ['p', password], ['v', '1.16.1'], ['c', 'Tempo'], ['f', 'json'], ...extra]);
      return ((await (await server.request(`/rest/${method}?${search}`)).json()) as { 'subsonic-response': Record<string, any> })['subsonic-response'];
    };
    expect((await rest('createBookmark', [['id', String(play.id)], ['position', '90000'], ['comment', 'chapter 2']])).status).toBe('ok');
    expect((await list(cookie)).map((b) => [b.song.title, b.positionMs])).toEqual([['Radio Play', 90_000]]);
    expect((await put(cookie, play.id, 95_000)).status).toBe(204);
    const [bookmark] = (await rest('getBookmarks')).bookmarks.bookmark;
    expect(bookmark).toMatchObject({ position: 95_000, comment: 'chapter 2' });
  });
});
