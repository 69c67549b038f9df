import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { SongDto, SongPageDto } from '../../src/shared/types.ts';
import { insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let member: string;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('long-member');
  // Titles as long as an admin may write (10,000 characters), one non-Latin: a page ending on
  // one of them must still lead to the next.
  insertSong(server.db, { title: 'A short one' });
  insertSong(server.db, { title: `B ${'中'.repeat(9_000)}` });
  insertSong(server.db, { title: `B ${'中'.repeat(8_000)}` });
  insertSong(server.db, { title: `C ${'"'.repeat(9_990)}` });
  insertSong(server.db, { title: 'D after them' });
});
afterAll(() => server.stop());

describe('GET /api/songs/page with very long titles', () => {
  test('pages one song at a time through the whole library, in its order', async () => {
    const whole = (await (await server.request('/api/songs', { cookie: member })).json()) as SongDto[];
    const seen: SongDto[] = [];
    let next: string | null = null;
    do {
      const query = new URLSearchParams({ limit: '1' });
      if (next) query.set('after', next);
      const response = await server.request(`/api/songs/page?${query}`, { cookie: member });
      expect(response.status).toBe(200);
      const page = (await response.json()) as SongPageDto;
      seen.push(...page.songs);
      next = page.next;
    } while (next && seen.length <= whole.length);
    expect(seen.map((song) => song.id)).toEqual(whole.map((song) => song.id));
  });
});
