import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BAD_CURSOR } from '../../src/services/catalogue/library-page.ts';
import { FIRST_PAGE_SIZE } from '../../src/shared/library-pages.ts';
import type { SongDto, SongPageDto } from '../../src/shared/types.ts';
import { insertAlbum, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let member: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('page-member');
  admin = await server.signUp('page-admin', { isAdmin: true });
  // Titles repeat in different cases, so the keyset's tie on id is exercised across pages.
  for (let i = 0; i < 260; i++) insertSong(server.db, { title: ['apple', 'Apple', 'Banana', `Song ${i % 40}`][i % 4]!, explicit: i % 10 === 3 });
  insertSong(server.db, { title: 'Aardvark pending', status: 'pending' });
  insertSong(server.db, { title: 'Aardvark trashed', deletedAt: new Date() });
});
afterAll(() => server.stop());

async function readAll(cookie: string, limit?: number, q?: string): Promise<{ songs: SongDto[]; pages: number }> {
  const songs: SongDto[] = [];
  let next: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams();
    if (next) query.set('after', next);
    if (limit) query.set('limit', String(limit));
    if (q !== undefined) query.set('q', q);
    const response = await server.request(`/api/songs/page?${query}`, { cookie });
    expect(response.status).toBe(200);
    const page = (await response.json()) as SongPageDto;
    songs.push(...page.songs);
    next = page.next;
    pages += 1;
  } while (next);
  return { songs, pages };
}

describe('GET /api/songs/visible', () => {
  test("the songs among the ids that the user's library holds, as the library has them", async () => {
    const whole = (await (await server.request('/api/songs', { cookie: member })).json()) as SongDto[];
    const pending = insertSong(server.db, { title: 'Visible pending', status: 'pending' });
    const trashed = insertSong(server.db, { title: 'Visible trashed', deletedAt: new Date() });
    const [a, b] = [whole[3]!, whole[7]!];
    const response = await server.request(`/api/songs/visible?ids=${[b.id, pending.id, a.id, trashed.id, 987654].join(',')}`, { cookie: member });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([a, b].sort((x, y) => x.id - y.id));
    expect((await server.request('/api/songs/visible?ids=x', { cookie: member })).status).toBe(400);
    expect((await server.request(`/api/songs/visible?ids=${a.id}`)).status).toBe(401);
  });
});

describe('GET /api/songs/page', () => {
  test('pages through exactly the library of GET /api/songs, in its order', async () => {
    const whole = (await (await server.request('/api/songs', { cookie: member })).json()) as SongDto[];
    const first = (await (await server.request('/api/songs/page', { cookie: member })).json()) as SongPageDto;
    expect(first.songs.length).toBe(FIRST_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    expect(first.total).toBe(whole.length);
    const paged = await readAll(member, 37);
    expect(paged.pages).toBe(Math.ceil(whole.length / 37));
    expect(paged.songs).toEqual(whole);
  });

  test("a restricted member's pages hold only what they may see", async () => {
    const kid = await server.signUp('page-kid');
    const kidId = (server.db.$client.query('SELECT id FROM users WHERE username = ?').get('page-kid') as { id: number }).id;
    const restricted = await server.request(`/api/users/${kidId}`, { method: 'PATCH', cookie: admin, json: { restrictions: { clean: true, albumIds: null } } });
    expect(restricted.status).toBe(200);
    const whole = (await (await server.request('/api/songs', { cookie: kid })).json()) as SongDto[];
    const paged = await readAll(kid, 50);
    expect(paged.songs).toEqual(whole);
    expect(paged.songs.some((song) => song.explicit)).toBe(false);
    expect(paged.songs.length).toBe(260 - 26);
  });

  test('a song added before the cursor does not shift the pages after it', async () => {
    const first = (await (await server.request('/api/songs/page?limit=10', { cookie: member })).json()) as SongPageDto;
    const album = insertAlbum(server.db, { name: 'Late' });
    insertSong(server.db, { title: 'AAA early', albumId: album.id });
    const second = (await (await server.request(`/api/songs/page?limit=10&after=${first.next}`, { cookie: member })).json()) as SongPageDto;
    const whole = (await (await server.request('/api/songs', { cookie: member })).json()) as SongDto[];
    const at = whole.findIndex((song) => song.id === first.songs.at(-1)!.id);
    expect(second.songs).toEqual(whole.slice(at + 1, at + 11));
  });

  test('with q: only songs whose title or artist holds it, any case, paged in the library order', async () => {
    const whole = (await (await server.request('/api/songs', { cookie: member })).json()) as SongDto[];
    const first = (await (await server.request('/api/songs/page?q=%20bANANa%20', { cookie: member })).json()) as SongPageDto;
    expect(first.total).toBe(65);
    const bananas = await readAll(member, 20, 'BANANA');
    expect(bananas.pages).toBe(4);
    expect(bananas.songs).toEqual(whole.filter((song) => song.title === 'Banana'));
    // Artists too; non-ASCII letters typed in either case.
    const umlaut = insertSong(server.db, { title: 'Zebra crossing', artist: 'Ölaf Grün' });
    for (const q of ['grün', 'GRÜN', 'ölaf', 'zebra c']) {
      expect((await readAll(member, 20, q)).songs.map((song) => song.id), q).toEqual([umlaut.id]);
    }
    // % and _ are plain characters, not wildcards.
    const percent = insertSong(server.db, { title: 'Fifty_50% off', artist: null });
    expect((await readAll(member, 20, '_50%')).songs.map((song) => song.id)).toEqual([percent.id]);
    expect((await readAll(member, 20, 'y%')).songs).toEqual([]);
    // Never across title and artist, never pending or trashed songs.
    expect((await readAll(member, 20, 'crossingölaf')).songs).toEqual([]);
    expect((await readAll(member, 20, 'aardvark')).songs).toEqual([]);
    // Blank: the whole library.
    expect(((await (await server.request('/api/songs/page?q=%20', { cookie: member })).json()) as SongPageDto).total).toBe(whole.length + 2);
  });

  test("every page's ETag is the library's version (the whole list's): a write changes it", async () => {
    const etag = async (path: string) => (await server.request(path, { cookie: member })).headers.get('etag');
    const before = await etag('/api/songs/page');
    expect(before).toBe(await etag('/api/songs'));
    expect(await etag('/api/songs/page?limit=5&q=banana')).toBe(before);
    insertSong(server.db, { title: 'Version bump' });
    const after = await etag('/api/songs/page');
    expect(after).not.toBe(before);
    expect(after).toBe(await etag('/api/songs'));
  });

  test('refuses a cursor it did not make, a bad limit, and guests', async () => {
    const bad = await server.request('/api/songs/page?after=bm90LWEtY3Vyc29y', { cookie: member });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: BAD_CURSOR });
    expect((await server.request('/api/songs/page?limit=0', { cookie: member })).status).toBe(400);
    expect((await server.request('/api/songs/page?limit=99999', { cookie: member })).status).toBe(400);
    expect((await server.request('/api/songs/page')).status).toBe(401);
  });
});
