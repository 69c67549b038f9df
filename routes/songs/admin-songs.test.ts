import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { AdminSongIdsDto } from '../../src/shared/schemas/song.ts';
import type { SongDto } from '../../src/shared/types.ts';
import { insertAlbum, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let admin: string;
let member: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('ids-admin', { isAdmin: true });
  member = await server.signUp('ids-member');
  const album = insertAlbum(server.db, { name: 'Kept' });
  const gone = insertAlbum(server.db, { name: 'Gone', deletedAt: new Date() });
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
  ids.banana = insertSong(server.db, { title: 'banana', createdAt: at(1), albumId: album.id }).id;
  ids.apple = insertSong(server.db, { title: 'Apple', createdAt: at(2), status: 'pending' }).id;
  ids.cherry = insertSong(server.db, { title: 'Cherry', createdAt: at(3), albumId: gone.id }).id;
  ids.date = insertSong(server.db, { title: 'date', createdAt: at(3), albumId: album.id, status: 'pending' }).id;
  ids.trashed = insertSong(server.db, { title: 'Trashed', createdAt: at(4), deletedAt: new Date() }).id;
  ids.album = album.id;
});
afterAll(() => server.stop());

const read = async (query: string, cookie = admin) => (await (await server.request(`/api/songs/all/ids${query}`, { cookie })).json()) as AdminSongIdsDto;

describe('GET /api/songs/all/ids', () => {
  test("every live song's id in Manage Songs' order, by album, with the list's total", async () => {
    const { banana, apple, cherry, date } = ids as Record<string, number>;
    expect(await read('')).toEqual({ ids: [date!, cherry!, apple!, banana!], total: 4 });
    expect((await read('?sort=status')).ids).toEqual([date!, apple!, cherry!, banana!]);
    expect((await read('?sort=alphabetical')).ids).toEqual([apple!, banana!, cherry!, date!]);
    // A trashed album counts as none.
    expect(await read('?album=none&sort=alphabetical')).toEqual({ ids: [apple!, cherry!], total: 4 });
    expect((await read(`?album=${ids.album}&sort=recent`)).ids).toEqual([date!, banana!]);
    expect((await read('?album=999999')).ids).toEqual([]);
  });

  test('is for admins; a bad album or sort is a 400', async () => {
    expect((await server.request('/api/songs/all/ids', { cookie: member })).status).toBe(403);
    expect((await server.request('/api/songs/all/ids')).status).toBe(401);
    expect((await server.request('/api/songs/all/ids?album=x', { cookie: admin })).status).toBe(400);
    expect((await server.request('/api/songs/all/ids?sort=oldest', { cookie: admin })).status).toBe(400);
  });
});

describe('GET /api/songs/all/rows', () => {
  test('the live songs asked for, in the order asked, as the whole admin list has them', async () => {
    const whole = (await (await server.request('/api/songs/all', { cookie: admin })).json()) as SongDto[];
    const response = await server.request(`/api/songs/all/rows?ids=${[ids.date, ids.trashed, ids.banana, 424242].join(',')}`, { cookie: admin });
    expect(response.status).toBe(200);
    const rows = (await response.json()) as SongDto[];
    expect(rows).toEqual([whole.find((song) => song.id === ids.date)!, whole.find((song) => song.id === ids.banana)!]);
  });

  test('at most 200 ids, well formed, for admins', async () => {
    const many = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    const tooMany = await server.request(`/api/songs/all/rows?ids=${many}`, { cookie: admin });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({ error: 'ids must be 1 to 200 song ids, comma-separated' });
    expect((await server.request('/api/songs/all/rows?ids=1,,2', { cookie: admin })).status).toBe(400);
    expect((await server.request(`/api/songs/all/rows?ids=${ids.apple}`, { cookie: member })).status).toBe(403);
  });
});
