import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { songs } from '../../db/schema/index.ts';
import { filesUnder, fixture } from '../../src/testing/media-fixtures.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('curator', { isAdmin: true });
});
afterAll(() => server.stop());

const songCount = () => server.db.select().from(songs).all().length;
const rowsWithAudio = (hash: string) => server.db.select().from(songs).where(eq(songs.audioHash, hash)).all();
const hashOf = (audioUrl: string) => audioUrl.split('/').pop()!.split('.')[0]!;

function upload(name: string, filename: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', Bun.file(fixture(name)), filename);
  return server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin });
}

describe('POST /api/upload/audio recognises audio already in the library', () => {
  test('the same bytes under another name: 409 naming the song, nothing added, nothing left behind', async () => {
    const first = await upload('plain.mp3', 'Morning Walk.mp3');
    expect(first.status).toBe(200);
    const song = await first.json();
    const before = songCount();
    const again = await upload('plain.mp3', 'copy of walk.mp3', { status: 'published' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'Already in your library', songId: song.id, title: 'Morning Walk', inTrash: false });
    expect(songCount()).toBe(before);
    expect(filesUnder(join(server.dataDir, 'media', 'tmp'))).toEqual([]);
  });

  test('copy=true adds a second song on the same stored file', async () => {
    const original = await (await upload('tone.ogg', 'tone.ogg')).json();
    const response = await upload('tone.ogg', 'tone again.ogg', { copy: 'true' });
    expect(response.status).toBe(200);
    const copy = await response.json();
    expect(copy.id).not.toBe(original.id);
    expect(copy.audioUrl.split('/').pop()).toBe(original.audioUrl.split('/').pop());
    expect(rowsWithAudio(hashOf(original.audioUrl))).toHaveLength(2);
    expect(filesUnder(join(server.dataDir, 'media', 'audio')).filter((file) => file.includes(hashOf(original.audioUrl)))).toHaveLength(1);
  });

  test('a song in Deleted still counts: 409 with inTrash', async () => {
    const song = await (await upload('tone.wav', 'tone.wav')).json();
    expect((await server.request(`/api/songs/${song.id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
    const again = await upload('tone.wav', 'tone.wav');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ songId: song.id, inTrash: true });
  });

  // Two tabs dropping the same new file at once: the check runs again inside the insert's
  // write transaction, so exactly one of them adds it.
  test('the same new file from four tabs at once: one song, three 409s', async () => {
    const responses = await Promise.all([1, 2, 3, 4].map((tab) => upload('tone.flac', `tab ${tab}.flac`)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const song = await responses.find((response) => response.status === 200)!.json();
    expect(rowsWithAudio(hashOf(song.audioUrl))).toHaveLength(1);
    for (const response of responses.filter((r) => r.status === 409)) expect((await response.json()).songId).toBe(song.id);
    expect(filesUnder(join(server.dataDir, 'media', 'tmp'))).toEqual([]);
  });
});
