import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { findUserByUsername } from '../../db/queries/users.ts';
import { insertAlbum, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let mum: string;
let kid: string;
let albumId: number;
beforeAll(async () => {
  server = await startTestServer();
  mum = await server.signUp('mum', { isAdmin: true });
  kid = await server.signUp('kid');
  albumId = insertAlbum(server.db, { name: 'Nursery Rhymes' }).id;
  insertSong(server.db, { title: 'Twinkle', albumId, status: 'published' });
  insertSong(server.db, { title: 'Rough Song', albumId, status: 'published', explicit: true });
  insertSong(server.db, { title: 'Grown-up Jazz', status: 'published' });
});
afterAll(() => server.stop());

const idOf = (name: string) => findUserByUsername(server.db, name)!.id;
const patch = (name: string, json: unknown, cookie = mum) => server.request(`/api/users/${idOf(name)}`, { method: 'PATCH', json, cookie });
const titles = async (cookie: string) => ((await (await server.request('/api/songs', { cookie })).json()) as { title: string }[]).map((song) => song.title).sort();
const accountOf = async (name: string) => ((await (await server.request('/api/users', { cookie: mum })).json()) as { username: string; restrictions: unknown }[]).find((a) => a.username === name)!;

describe('restrictions per member', () => {
  test('an admin sets Clean and an album list; GET /api/users returns them; the member sees only that at once', async () => {
    expect((await accountOf('kid')).restrictions).toEqual({ clean: false, albumIds: null });
    expect(await titles(kid)).toEqual(['Grown-up Jazz', 'Rough Song', 'Twinkle']);
    const response = await patch('kid', { restrictions: { clean: true, albumIds: [albumId, albumId] } });
    expect(response.status).toBe(200);
    expect((await response.json()).restrictions).toEqual({ clean: true, albumIds: [albumId] });
    expect((await accountOf('kid')).restrictions).toEqual({ clean: true, albumIds: [albumId] });
    expect(await titles(kid)).toEqual(['Twinkle']);
    await patch('kid', { restrictions: { clean: false, albumIds: null } });
    expect(await titles(kid)).toEqual(['Grown-up Jazz', 'Rough Song', 'Twinkle']);
  });

  test('a member cannot change their own (403); an unknown album is 400; a malformed body 400', async () => {
    const own = await patch('kid', { restrictions: { clean: false, albumIds: null } }, kid);
    expect(own.status).toBe(403);
    const unknown = await patch('kid', { restrictions: { clean: true, albumIds: [999999] } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toBe('There is no album with id 999999');
    for (const restrictions of [{ clean: 'yes', albumIds: null }, { clean: true }, { clean: true, albumIds: ['1'] }, { clean: true, albumIds: [0] }]) {
      const response = await patch('kid', { restrictions });
      expect({ restrictions, status: response.status }).toEqual({ restrictions, status: 400 });
      expect(typeof (await response.json()).error).toBe('string');
    }
    expect((await accountOf('kid')).restrictions).toEqual({ clean: false, albumIds: null });
  });

  test('an admin cannot be restricted, nor a restricted member promoted (409); lifting them in the same change works', async () => {
    const message = "An admin can't be restricted. Lift the restrictions or keep them a member.";
    const restrictAdmin = await patch('mum', { restrictions: { clean: true, albumIds: null } });
    expect(restrictAdmin.status).toBe(409);
    expect((await restrictAdmin.json()).error).toBe(message);
    await patch('kid', { restrictions: { clean: true, albumIds: null } });
    const promote = await patch('kid', { isAdmin: true });
    expect(promote.status).toBe(409);
    expect((await promote.json()).error).toBe(message);
    expect(findUserByUsername(server.db, 'kid')!.isAdmin).toBe(false);
    const both = await patch('kid', { isAdmin: true, restrictions: { clean: false, albumIds: null } });
    expect(both.status).toBe(200);
    expect(await both.json()).toMatchObject({ isAdmin: true, restrictions: { clean: false, albumIds: null } });
    await patch('kid', { isAdmin: false });
  });
});
