import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { SongRow } from '../../db/schema/index.ts';
import type { PlayQueueDto } from '../../src/shared/schemas/play-queue.ts';
import type { NewAppPasswordDto } from '../../src/shared/types.ts';
import { insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let kid: string;
let mum: string;
const songs: SongRow[] = [];

beforeAll(async () => {
  server = await startTestServer();
  kid = await server.signUp('kid', { password: 'crayons 99' });
  mum = await server.signUp('mum', { isAdmin: true });
  for (const title of ['One', 'Two', 'Three']) songs.push(insertSong(server.db, { title, duration: 200 }));
});
afterAll(() => server.stop());

const get = async (cookie: string) => {
  const response = await server.request('/api/play-queue', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as PlayQueueDto;
};
const put = (cookie: string, body: Record<string, unknown>) => server.request('/api/play-queue', { method: 'PUT', json: body, cookie });
const queue = (overrides: Record<string, unknown> = {}) => ({
  songIds: songs.map((song) => song.id),
  index: 1,
  positionMs: 61_500,
  context: 'album',
  updatedAt: server.now() - 1000,
  device: 'Chrome · laptop',
  ...overrides,
});

describe('GET and PUT /api/play-queue', () => {
  test('nothing saved: an empty queue from time 0; a save reads back with its songs', async () => {
    const user = await server.signUp('fresh');
    expect(await get(user)).toEqual({ songIds: [], songs: [], index: 0, positionMs: 0, context: null, updatedAt: 0, device: '' });
    const body = queue();
    expect((await put(user, body)).status).toBe(204);
    const saved = await get(user);
    expect(saved).toMatchObject({ songIds: body.songIds, index: 1, positionMs: 61_500, context: 'album', updatedAt: body.updatedAt, device: 'Chrome · laptop' });
    expect(saved.songs.map((song) => song.title)).toEqual(['One', 'Two', 'Three']);
  });

  test('an older save than the stored one is refused with 409 and the queue that stays; equal or newer wins', async () => {
    const user = await server.signUp('twodevices');
    const first = queue({ updatedAt: server.now() - 5000, device: 'phone' });
    expect((await put(user, first)).status).toBe(204);
    const late = await put(user, queue({ updatedAt: first.updatedAt - 1, index: 0, device: 'laptop' }));
    expect(late.status).toBe(409);
    const conflict = (await late.json()) as { error: string; queue: PlayQueueDto };
    expect(conflict.error).toBe('A newer play queue was saved on another device');
    expect(conflict.queue).toMatchObject({ index: 1, device: 'phone', updatedAt: first.updatedAt });
    expect((await put(user, queue({ updatedAt: first.updatedAt, positionMs: 70_000, device: 'phone' }))).status).toBe(204);
    expect((await put(user, queue({ updatedAt: first.updatedAt + 10, index: 2, device: 'laptop' }))).status).toBe(204);
    expect(await get(user)).toMatchObject({ index: 2, device: 'laptop' });
  });

  test('a device clock ahead of the server counts as now, so it cannot lock the others out', async () => {
    const user = await server.signUp('fastclock');
    expect((await put(user, queue({ updatedAt: server.now() + 3_600_000, device: 'fast' }))).status).toBe(204);
    expect((await get(user)).updatedAt).toBeLessThanOrEqual(server.now());
    server.advance(10);
    expect((await put(user, queue({ updatedAt: server.now(), device: 'right' }))).status).toBe(204);
    expect((await get(user)).device).toBe('right');
  });

  test('songs the family cannot hear drop out on read; the index follows its song', async () => {
    const user = await server.signUp('hidden');
    const pending = insertSong(server.db, { title: 'Pending', status: 'pending' });
    const trashed = insertSong(server.db, { title: 'Trashed', deletedAt: new Date() });
    expect((await put(user, queue({ songIds: [pending.id, songs[0]!.id, trashed.id, songs[2]!.id], index: 3 }))).status).toBe(204);
    const saved = await get(user);
    expect(saved.songIds).toEqual([songs[0]!.id, songs[2]!.id]);
    expect(saved.songs.map((song) => song.title)).toEqual(['One', 'Three']);
    expect(saved.index).toBe(1);
  });

  test('an empty queue clears it', async () => {
    const user = await server.signUp('clearer');
    expect((await put(user, queue())).status).toBe(204);
    expect((await put(user, queue({ songIds: [], index: 0, updatedAt: server.now() }))).status).toBe(204);
    expect((await get(user)).songIds).toEqual([]);
  });

  test('bad bodies are 400 with a message', async () => {
    const bad = [
      { songIds: 'x' },
      { songIds: [0] },
      { index: -1 },
      { index: 3 },
      { positionMs: 1.5 },
      { positionMs: -1 },
      { context: 'radio' },
      { updatedAt: 'now' },
      { device: '' },
      { device: 'x'.repeat(65) },
      { songIds: Array.from({ length: 10_001 }, () => songs[0]!.id) },
    ];
    for (const overrides of bad) {
      const response = await put(kid, queue(overrides));
      expect(response.status).toBe(400);
      expect(typeof ((await response.json()) as { error: unknown }).error).toBe('string');
    }
    const { device: _, ...noDevice } = queue();
    expect((await put(kid, noDevice)).status).toBe(400);
  });

  test('each person has their own queue', async () => {
    expect((await put(kid, queue({ device: 'kid tablet', updatedAt: server.now() }))).status).toBe(204);
    expect((await get(mum)).songIds).toEqual([]);
    expect((await put(mum, queue({ songIds: [songs[2]!.id], index: 0, device: 'mum phone', updatedAt: server.now() }))).status).toBe(204);
    expect((await get(kid)).device).toBe('kid tablet');
  });

  test('signed out: 401', async () => {
    expect((await server.request('/api/play-queue')).status).toBe(401);
    expect((await put('', queue())).status).toBe(401);
  });
});

describe('the same record as the Subsonic play queue', () => {
  test("an app's savePlayQueue reads back on the web, and the web's queue through getPlayQueue", async () => {
    const cookie = await server.signUp('car');
    const password = ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Car' }, cookie })).json()) as NewAppPasswordDto).password;
    const rest = async (method: string, extra: [string, string][] = []) => {
      const search = new URLSearchParams([['u', 'car'], ['p', password], ['v', '1.16.1'], ['c', 'Symfonium'], ['f', 'json'], ...extra]);
      return ((await (await server.request(`/rest/${method}?${search}`)).json()) as { 'subsonic-response': Record<string, any> })['subsonic-response'];
    };
    const ids = songs.map((song) => String(song.id));
    expect((await rest('savePlayQueue', [...ids.map((i): [string, string] => ['id', i]), ['current', ids[2]!], ['position', '42000']])).status).toBe('ok');
    const web = await get(cookie);
    expect(web).toMatchObject({ songIds: songs.map((song) => song.id), index: 2, positionMs: 42_000, context: null, device: 'Symfonium' });
    expect(web.updatedAt).toBeGreaterThan(0);
    expect((await put(cookie, queue({ index: 0, positionMs: 9_000, updatedAt: server.now(), device: 'Hearth web' }))).status).toBe(204);
    const app = (await rest('getPlayQueue')).playQueue;
    expect(app).toMatchObject({ current: ids[0], position: 9_000, changedBy: 'Hearth web' });
    expect(app.entry.map((entry: { title: string }) => entry.title)).toEqual(['One', 'Two', 'Three']);
  });
});
