import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { NewAppPasswordDto, SongDto } from '../../src/shared/types.ts';
import { insertSong } from '../../src/testing/factories.ts';
import { type TestServer, makeTempDir, startTestServer } from '../../src/testing/server.ts';
import { validateSubsonicXml } from '../../src/testing/subsonic-schema.ts';

let server: TestServer;
let admin: string;
let appPassword: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { isAdmin: true });
  appPassword = ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Phone' }, cookie: admin })).json()) as NewAppPasswordDto).password;
});
afterAll(() => server.stop());

const songOf = async (id: number) => ((await (await server.request('/api/songs/all', { cookie: admin })).json()) as SongDto[]).find((song) => song.id === id)!;
const rest = (method: string, id: number, format = 'json') =>
  server.request(`/rest/${method}?${new URLSearchParams({ u: 'mum', p: appPassword, v: '1.16.1', c: 'test', f: format, id: String(id) })}`);

describe('explicit songs', () => {
  test('an upload whose tags say explicit (ID3 TXXX:ITUNESADVISORY=1) is explicit; an untagged one is not', async () => {
    const dir = makeTempDir('hearth-explicit-upload-');
    const make = (name: string, tags: string[]) => {
      const out = join(dir, name);
      const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=1', ...tags, out]);
      if (run.status !== 0) throw new Error(String(run.stderr));
      return out;
    };
    const upload = async (path: string) => {
      const form = new FormData();
      form.set('file', Bun.file(path), path.split('/').pop()!);
      const response = await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin });
      expect(response.status).toBe(200);
      return (await response.json()) as SongDto;
    };
    expect((await upload(make('rough.mp3', ['-metadata', 'ITUNESADVISORY=1', '-metadata', 'title=Rough']))).explicit).toBe(true);
    expect((await upload(make('gentle.mp3', ['-metadata', 'title=Gentle']))).explicit).toBe(false);
  });

  test('admins set and clear it in the song form (PATCH) and in bulk', async () => {
    const a = insertSong(server.db, { title: 'Alpha', status: 'published' });
    const b = insertSong(server.db, { title: 'Beta', status: 'published' });
    const patched = await server.request(`/api/songs/${a.id}`, { method: 'PATCH', json: { explicit: true }, cookie: admin });
    expect(((await patched.json()) as SongDto).explicit).toBe(true);
    expect((await server.request(`/api/songs/${a.id}`, { method: 'PATCH', json: { explicit: 'yes' }, cookie: admin })).status).toBe(400);
    const marked = await server.request('/api/songs/bulk/explicit', { method: 'POST', json: { songIds: [a.id, b.id] }, cookie: admin });
    expect(await marked.json()).toEqual({ count: 2 });
    expect([(await songOf(a.id)).explicit, (await songOf(b.id)).explicit]).toEqual([true, true]);
    await server.request('/api/songs/bulk/clean', { method: 'POST', json: { songIds: [a.id] }, cookie: admin });
    expect([(await songOf(a.id)).explicit, (await songOf(b.id)).explicit]).toEqual([false, true]);
  });

  test('Subsonic Child carries explicitStatus: "explicit", or "" when the tags say nothing; the XML validates', async () => {
    const rough = insertSong(server.db, { title: 'Rough', status: 'published', explicit: true });
    const plain = insertSong(server.db, { title: 'Plain', status: 'published' });
    const statusOf = async (id: number) => ((await (await rest('getSong', id)).json()) as any)['subsonic-response'].song.explicitStatus;
    expect([await statusOf(rough.id), await statusOf(plain.id)]).toEqual(['explicit', '']);
    const documents = { rough: await (await rest('getSong', rough.id, 'xml')).text(), plain: await (await rest('getSong', plain.id, 'xml')).text() };
    expect(documents.rough).toContain('explicitStatus="explicit"');
    expect(await validateSubsonicXml(documents)).toEqual({});
  });
});
