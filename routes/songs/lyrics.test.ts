import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { SongDto } from '../../src/shared/types.ts';
import { eq } from 'drizzle-orm';
import { songs } from '../../db/schema/index.ts';
import { fixture, fixtureBytes, mp3WithLyricsFrames } from '../../src/testing/media-fixtures.ts';
import { insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let user: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signUp('lyrics-user');
  admin = await server.signUp('lyrics-admin', { isAdmin: true });
});
afterAll(() => server.stop());

const get = (id: number | string, cookie = user) => server.request(`/api/songs/${id}/lyrics`, { cookie });
const put = (id: number | string, text: unknown, cookie = admin) => server.request(`/api/songs/${id}/lyrics`, { method: 'PUT', json: { text }, cookie });
// The library list says which songs have lyrics (the player's Lyrics button).
const listed = async (id: number) => ((await (await server.request('/api/songs', { cookie: user })).json()) as SongDto[]).find((song) => song.id === id);
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe('GET and PUT /api/songs/{id}/lyrics', () => {
  test('an admin pastes LRC: members read it synced; plain text replaces it; empty text removes it', async () => {
    const song = insertSong(server.db);
    expect(await errorOf(await get(song.id))).toBe('This song has no lyrics');

    const pasted = await put(song.id, '[ti:Title]\n[offset:+100]\n[00:01.10][00:05.10]Hello <b>there</b>\n[00:03.10]Middle');
    expect(pasted.status).toBe(200);
    const lyrics = { synced: true, lang: null, lines: [{ start: 1000, value: 'Hello <b>there</b>' }, { start: 3000, value: 'Middle' }, { start: 5000, value: 'Hello <b>there</b>' }] };
    expect(await pasted.json()).toEqual(lyrics);
    const read = await get(song.id);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toContain('application/json');
    expect(await read.json()).toEqual(lyrics);

    await put(song.id, 'Just words\n\nSecond verse');
    expect(await (await get(song.id)).json()).toEqual({ synced: false, lang: null, lines: [{ start: null, value: 'Just words' }, { start: null, value: '' }, { start: null, value: 'Second verse' }] });

    expect(await listed(song.id)).toMatchObject({ hasLyrics: true });

    expect((await put(song.id, '  \n ')).status).toBe(204);
    expect((await get(song.id)).status).toBe(404);
    expect(await listed(song.id)).toMatchObject({ hasLyrics: false });
  });

  test('members never see lyrics of unpublished or trashed songs; admins do', async () => {
    const pending = insertSong(server.db, { status: 'pending' });
    const trashed = insertSong(server.db, { deletedAt: new Date() });
    for (const song of [pending, trashed]) {
      expect((await put(song.id, 'Words')).status).toBe(200);
      const hidden = await get(song.id);
      expect(hidden.status).toBe(404);
      expect(await errorOf(hidden)).toBe('Song not found');
      expect((await get(song.id, admin)).status).toBe(200);
    }
  });

  test('only admins edit; unknown songs and bad bodies are clean errors; signed-out is 401', async () => {
    const song = insertSong(server.db);
    expect((await put(song.id, 'Words', user)).status).toBe(403);
    expect((await put(999_999, 'Words')).status).toBe(404);
    expect((await put(song.id, 42)).status).toBe(400);
    expect((await put(song.id, 'x'.repeat(100_001))).status).toBe(400);
    expect((await get('abc')).status).toBe(404);
    expect((await server.request(`/api/songs/${song.id}/lyrics`)).status).toBe(401);
  });

  test('an uploaded file brings its own lyrics', async () => {
    const form = new FormData();
    form.set('file', Bun.file(fixture('lyrics-lrc.flac')), 'sung.flac');
    form.set('status', 'published');
    const uploaded = (await (await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin })).json()) as SongDto;
    const response = await get(uploaded.id, admin);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ synced: true, lang: null, lines: [{ start: 500, value: 'La la' }, { start: 2000, value: 'Hey' }, { start: 2500, value: 'La la' }] });
    expect(uploaded.hasLyrics).toBe(true);
  });

  test("replaced audio brings the new file's lyrics, or none, and is measured again; an admin's edit stays", async () => {
    const send = async (method: string, url: string, bytes: Uint8Array, name: string) => {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(bytes)], name));
      form.set('status', 'published');
      const response = await server.request(url, { method, body: form, cookie: admin });
      expect(response.status).toBe(200);
      return (await response.json()) as SongDto;
    };
    const replace = (id: number, bytes: Uint8Array) => send('PATCH', `/api/songs/${id}/audio`, bytes, 'replaced.mp3');
    const loudnessOf = (id: number) => server.db.select({ status: songs.loudnessStatus }).from(songs).where(eq(songs.id, id)).get()!.status;

    const song = await send('POST', '/api/upload/audio', await mp3WithLyricsFrames({ uslt: 'First words' }), 'first.mp3');
    expect(await (await get(song.id)).json()).toEqual({ synced: false, lang: 'eng', lines: [{ start: null, value: 'First words' }] });

    const synced = await replace(song.id, await mp3WithLyricsFrames({ sylt: [[1000, 'New line'], [2500, 'Next line']] }));
    expect(synced.hasLyrics).toBe(true);
    expect(await (await get(song.id)).json()).toEqual({ synced: true, lang: 'eng', lines: [{ start: 1000, value: 'New line' }, { start: 2500, value: 'Next line' }] });
    expect(loudnessOf(song.id)).toBe('pending');

    // A file without lyrics takes the old file's away: they were that file's.
    const bare = await replace(song.id, await fixtureBytes('plain.mp3'));
    expect(bare.hasLyrics).toBe(false);
    expect(await errorOf(await get(song.id))).toBe('This song has no lyrics');
    expect(await listed(song.id)).toMatchObject({ hasLyrics: false });

    // Lyrics an admin typed are never overwritten by a file's tags.
    expect((await put(song.id, 'Typed by hand')).status).toBe(200);
    const tagged = await replace(song.id, await mp3WithLyricsFrames({ uslt: 'From the tags' }));
    expect(tagged.hasLyrics).toBe(true);
    expect(await (await get(song.id)).json()).toEqual({ synced: false, lang: null, lines: [{ start: null, value: 'Typed by hand' }] });
  });
});
