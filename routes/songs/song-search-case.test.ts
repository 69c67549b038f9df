import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { SongPageDto } from '../../src/shared/types.ts';
import { insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let member: string;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('search-case-member');
});
afterAll(() => server.stop());

const found = async (q: string) => {
  const response = await server.request(`/api/songs/page?q=${encodeURIComponent(q)}`, { cookie: member });
  expect(response.status).toBe(200);
  const page = (await response.json()) as SongPageDto;
  return { titles: page.songs.map((song) => song.title), total: page.total };
};

test('Add Songs search: a title mixing the cases of non-ASCII letters is found typed as shown, or in one case', async () => {
  insertSong(server.db, { title: 'Über Brücken' });
  insertSong(server.db, { title: 'Éléonore', artist: 'Ärger über Alles' });
  insertSong(server.db, { title: 'Straße [live] *?' });
  for (const q of ['Über Brücken', 'über brücken', 'ÜBER BRÜCKEN', 'ber Brü']) expect(await found(q), q).toEqual({ titles: ['Über Brücken'], total: 1 });
  for (const q of ['Éléonore', 'éléonore', 'ÉLÉONORE', 'ärger über', 'ÄRGER ÜBER ALLES']) expect(await found(q), q).toEqual({ titles: ['Éléonore'], total: 1 });
  // GLOB's wildcards and classes are plain characters too.
  for (const q of ['straße [live] *?', 'STRASSE', 'STRAßE [', 'ße [LIVE] *']) expect(await found(q), q).toEqual(q === 'STRASSE' ? { titles: [], total: 0 } : { titles: ['Straße [live] *?'], total: 1 });
  for (const q of ['ü*n', 'é?éonore', 'ß [l]']) expect(await found(q), q).toEqual({ titles: [], total: 0 });
});
