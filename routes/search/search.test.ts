import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { toMatchExpression } from '../../src/services/catalogue/search.ts';
import type { SongDto } from '../../src/shared/types.ts';
import { insertAlbum, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let user: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signUp('search-user');
  const album = insertAlbum(server.db, { name: 'Night Drive' });
  insertSong(server.db, { title: 'Halo', artist: 'Beyoncé' });
  insertSong(server.db, { title: 'Moonlight Sonata', artist: 'Beethoven' });
  insertSong(server.db, { title: 'Highway', artist: 'Moon Band', albumId: album.id });
  insertSong(server.db, { title: 'Moon River', artist: 'Audrey', status: 'pending' });
  insertSong(server.db, { title: 'Moon Over Water', artist: 'Someone', deletedAt: new Date() });
  insertSong(server.db, { title: 'Rock "n" (roll) * NEAR OR', artist: 'Syntax' });
});
afterAll(() => server.stop());

const search = async (q: string) => {
  const response = await server.request(`/api/search?q=${encodeURIComponent(q)}`, { cookie: user });
  expect(response.status).toBe(200);
  return ((await response.json()) as { songs: SongDto[] }).songs.map((s) => s.title);
};

describe('GET /api/search', () => {
  test('prefix-matches every word over title, artist and album; published and live only; best first', async () => {
    expect(await search('moon')).toEqual(['Moonlight Sonata', 'Highway']);
    expect(await search('moo son')).toEqual(['Moonlight Sonata']);
    expect(await search('night')).toEqual(['Highway']);
    expect(await search('drive high')).toEqual(['Highway']);
  });

  test('ignores case and diacritics both ways', async () => {
    expect(await search('beyonce')).toEqual(['Halo']);
    expect(await search('BEYONCÉ')).toEqual(['Halo']);
    expect(await search('hálo')).toEqual(['Halo']);
  });

  test('an empty or missing query is {songs: []}', async () => {
    for (const path of ['/api/search', '/api/search?q=', '/api/search?q=%20%20']) {
      const response = await server.request(path, { cookie: user });
      expect(await response.json()).toEqual({ songs: [] });
    }
  });

  test('FTS syntax in the query is just text, never a 500', async () => {
    const hostile = ['"', '(', ')', '*', 'NEAR(', 'NEAR(moon', 'moon OR', 'OR', 'AND NOT', 'moon AND NOT sonata',
      '-moon', '^moon', 'title:moon', ':', '"moon', 'moon"*', '🎵', '🎵 moon', '{title}: x', "'; DROP TABLE songs; --",
      'x'.repeat(2000), 'moon '.repeat(400), '\u0000', '%', '\\'];
    for (const q of hostile) await search(q);
    expect(await search('rock NEAR')).toEqual(['Rock "n" (roll) * NEAR OR']);
    expect(await search('(moon)')).toEqual(['Moonlight Sonata', 'Highway']);
    expect(await search('moon OR beyonce')).toEqual([]);
    expect(await search('-moon')).toEqual(['Moonlight Sonata', 'Highway']);
  });

  test('signed out is 401', async () => {
    for (const path of ['/api/search?q=moon', '/api/search?q=a&q=b', '/api/search?q=%ZZ', '/api/search?q[]=x']) {
      expect((await server.request(path)).status).toBe(401);
    }
  });
});

describe('toMatchExpression', () => {
  test('quotes each word as a prefix term and drops everything else', () => {
    expect(toMatchExpression('Moon "river" (OR) NEAR*')).toBe('"Moon"* AND "river"* AND "OR"* AND "NEAR"*');
    expect(toMatchExpression('  ')).toBeNull();
    expect(toMatchExpression('"*()')).toBeNull();
    expect(toMatchExpression('a b c d e f g h i j')?.split(' AND ')).toHaveLength(8);
  });
});
