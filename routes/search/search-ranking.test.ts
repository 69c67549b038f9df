import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SEARCH_CANDIDATES, SEARCH_LIMIT, SEARCH_RANK_CAP } from '../../db/queries/search.ts';
import type { SongDto } from '../../src/shared/types.ts';
import { insertAlbum, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

// Search ranks the best FTS hits first and only then drops hidden songs (db/queries/search.ts):
// the answer must still be exactly the best visible songs, in the order a full ranking gives.
let server: TestServer;
let user: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signUp('ranking-user');
  admin = await server.signUp('ranking-admin', { isAdmin: true });
});
afterAll(() => server.stop());

const search = async (q: string) => {
  const response = await server.request(`/api/search?q=${encodeURIComponent(q)}`, { cookie: user });
  expect(response.status).toBe(200);
  return ((await response.json()) as { songs: SongDto[] }).songs;
};

/** The plain, obviously correct ranking: every visible hit ordered by the same bm25. */
const fullRanking = (term: string, limit = SEARCH_LIMIT) =>
  server.db.$client
    .query(
      `SELECT f.rowid AS id FROM songs_fts f JOIN songs s ON s.id = f.rowid
       WHERE songs_fts MATCH ? AND s.status = 'published' AND s.deleted_at IS NULL
       ORDER BY bm25(songs_fts, 4.0, 2.0, 1.0), f.rowid LIMIT ?`,
    )
    .all(`"${term}"*`, limit)
    .map((row) => (row as { id: number }).id);

describe('search ranking with hidden songs', () => {
  test('hidden songs filling every candidate slot still leave the best visible ones', async () => {
    // Repeating the word ranks these higher than the visible songs below.
    for (let i = 0; i < SEARCH_CANDIDATES + 10; i++) insertSong(server.db, { title: `Zebra Zebra Zebra ${i}`, status: 'pending' });
    for (let i = 0; i < 5; i++) insertSong(server.db, { title: `Zebra Zebra gone ${i}`, deletedAt: new Date() });
    const visible = [insertSong(server.db, { title: 'Zebra crossing' }), insertSong(server.db, { title: 'Zebra' })];
    const found = await search('zebra');
    expect(found.map((s) => s.id).sort()).toEqual(visible.map((s) => s.id).sort());
    expect(found.map((s) => s.id)).toEqual(fullRanking('zebra'));
  });

  test('more visible hits than the limit: the first page equals the full ranking', async () => {
    for (let i = 0; i < 30; i++) insertSong(server.db, { title: `Quokka Quokka ${i}`, status: i % 2 ? 'pending' : 'published' });
    for (let i = 0; i < 80; i++) insertSong(server.db, { title: `Quokka song ${i}`, artist: i % 3 ? 'Quokka band' : 'Other' });
    const found = await search('quokka');
    expect(found).toHaveLength(SEARCH_LIMIT);
    expect(found.map((s) => s.id)).toEqual(fullRanking('quokka'));
  });
});

describe('a term every song matches', () => {
  // Ranking every hit of such a term cost ~2.5 µs a song; only the newest SEARCH_RANK_CAP are ranked.
  test('only the newest hits up to the cap are ranked, best first among them', async () => {
    server.db.transaction(() => {
      for (let i = 0; i < 60; i++) insertSong(server.db, { title: `Wombat Wombat Wombat old ${i}` });
      for (let i = 0; i < SEARCH_RANK_CAP; i++) insertSong(server.db, { title: `Wombat ${i}`, status: i % 50 ? 'pending' : 'published' });
    });
    const newest = server.db.$client
      .query(`SELECT rowid AS id FROM songs_fts WHERE songs_fts MATCH '"wombat"*' ORDER BY rowid DESC LIMIT ${SEARCH_RANK_CAP}`)
      .all()
      .map((row) => (row as { id: number }).id);
    const found = await search('wombat');
    expect(found.some((song) => song.title.includes('old'))).toBe(false);
    expect(found).toHaveLength(SEARCH_RANK_CAP / 50);
    expect(found.map((s) => s.id)).toEqual(fullRanking('wombat', 10_000).filter((id) => newest.includes(id)).slice(0, SEARCH_LIMIT));
    expect(found.map((s) => s.id).every((id) => newest.includes(id))).toBe(true);
  });
});

describe('search and trashed albums', () => {
  test("a trashed album's name no longer finds its songs; restoring it does again", async () => {
    const album = insertAlbum(server.db, { name: 'Obscurantic Hymns' });
    const song = insertSong(server.db, { title: 'Plain Title', albumId: album.id });
    expect((await search('obscurantic')).map((s) => s.id)).toEqual([song.id]);

    expect((await server.request(`/api/albums/${album.id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
    expect(await search('obscurantic')).toEqual([]);
    expect((await search('plain title')).map((s) => s.id)).toEqual([song.id]);
    // Editing the song while its album is in the trash must not bring the name back.
    const edit = await server.request(`/api/songs/${song.id}`, { method: 'PATCH', cookie: admin, json: { title: 'Plain Title 2' } });
    expect(edit.status).toBe(200);
    expect(await search('obscurantic')).toEqual([]);

    expect((await server.request(`/api/albums/${album.id}/restore`, { method: 'POST', cookie: admin })).status).toBeLessThan(300);
    const found = await search('obscurantic');
    expect(found.map((s) => s.id)).toEqual([song.id]);
    expect(found[0]!.albumName).toBe('Obscurantic Hymns');
  });
});
