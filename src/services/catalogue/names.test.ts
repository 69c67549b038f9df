import { afterAll, beforeAll, expect, test } from 'bun:test';
import { cleanOptionalText, cleanText } from '../../shared/text.ts';
import { insertSong } from '../../testing/factories.ts';
import { type TestServer, startTestServer } from '../../testing/server.ts';

// Names reach other people's screens: one Unicode form (NFC) and no control or bidi characters,
// which could make "Holiday\u202Egnp.exe" display as "Holidayexe.png".
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('names-admin', { isAdmin: true });
});
afterAll(() => server.stop());

const RLO = '\u202e';
const decomposed = 'Cafe\u0301'; // "Café" as e + combining acute

test('cleanText: NFC, breaks as spaces, controls and bidi controls stripped, trimmed', () => {
  expect(cleanText(` ${decomposed}\u0000 `)).toBe('Caf\u00e9');
  expect(cleanText(`a${RLO}b\u2066c\u200fd\u061ce\u0007`)).toBe('abcde');
  expect(cleanText('two\nlines\tand\u2028more')).toBe('two lines and more');
  expect(cleanText('emoji 👩‍👩‍👧 and ZWNJ می‌خواهم stay')).toBe('emoji 👩‍👩‍👧 and ZWNJ می‌خواهم stay');
  expect(cleanOptionalText(`\u0000${RLO} `)).toBeNull();
});

test('song titles, artists and tags are cleaned on edit', async () => {
  const song = insertSong(server.db);
  const response = await server.request(`/api/songs/${song.id}`, {
    method: 'PATCH',
    cookie: admin,
    json: { title: `${decomposed}${RLO}gnp.exe`, artist: `DJ\u0000 ${decomposed}`, tags: [`${decomposed}`, 'cafe\u0301', `x${RLO}`] },
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ title: 'Caf\u00e9gnp.exe', artist: 'DJ Caf\u00e9', tags: ['Caf\u00e9', 'x'] });
});

test('album and playlist names are cleaned; one made only of controls is blank (400)', async () => {
  const album = await server.request('/api/albums', { method: 'POST', cookie: admin, json: { name: `${RLO}${decomposed}\u0000` } });
  expect(await album.json()).toMatchObject({ name: 'Caf\u00e9' });
  // The same name spelt decomposed is the same album.
  expect((await server.request('/api/albums', { method: 'POST', cookie: admin, json: { name: decomposed } })).status).toBe(409);
  const playlist = await server.request('/api/playlists', { method: 'POST', cookie: admin, json: { name: `Road\ntrip${RLO}` } });
  expect(await playlist.json()).toMatchObject({ name: 'Road trip' });
  const blank = await server.request('/api/playlists', { method: 'POST', cookie: admin, json: { name: `\u0000${RLO}\u2066` } });
  expect(blank.status).toBe(400);
});
