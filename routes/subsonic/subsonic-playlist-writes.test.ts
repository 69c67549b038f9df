import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SubsonicAPI } from 'subsonic-api';
import { findUserByUsername } from '../../db/queries/users.ts';
import { insertPlaylist, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let password: string;

beforeAll(async () => {
  server = await startTestServer();
  const cookie = await server.signUp('alice', { password: 'web password 1' });
  const created = await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Phone' }, cookie });
  password = ((await created.json()) as { password: string }).password;
});
afterAll(() => server.stop());

const call = async (method: string, query: [string, string][]) => {
  const params = new URLSearchParams([['u', 'alice'], ['p', password], ['f', 'json'], ['c', 'test'], ['v', '1.16.1'], ...query]);
  const response = await server.request(`/rest/${method}?${params}`);
  return ((await response.json()) as { 'subsonic-response': Record<string, any> })['subsonic-response'];
};
const titles = async (id: number) => ((await call('getPlaylist', [['id', String(id)]])).playlist.entry ?? []).map((song: any) => song.title);

describe('a refused playlist write changes nothing', () => {
  test('createPlaylist replacing the songs with one the family cannot hear keeps the old songs', async () => {
    const first = insertSong(server.db, { title: 'First' });
    const second = insertSong(server.db, { title: 'Second' });
    const pending = insertSong(server.db, { title: 'Pending', status: 'pending' });
    const playlist = insertPlaylist(server.db, { userId: findUserByUsername(server.db, 'alice')!.id, name: 'Keep' }, [first.id, second.id]);
    const answer = await call('createPlaylist', [['playlistId', String(playlist.id)], ['songId', String(pending.id)]]);
    expect(answer.error.code).toBe(70);
    expect(await titles(playlist.id)).toEqual(['First', 'Second']);
    // A blank new name is refused too, and empties nothing.
    expect((await call('createPlaylist', [['playlistId', String(playlist.id)], ['name', '   ']])).status).toBe('failed');
    expect(await titles(playlist.id)).toEqual(['First', 'Second']);
  });

  test('updatePlaylist with a missing position neither renames nor removes', async () => {
    const song = insertSong(server.db, { title: 'Stays' });
    const playlist = insertPlaylist(server.db, { userId: findUserByUsername(server.db, 'alice')!.id, name: 'Old name' }, [song.id]);
    const answer = await call('updatePlaylist', [['playlistId', String(playlist.id)], ['name', 'New name'], ['songIndexToRemove', '0'], ['songIndexToRemove', '9']]);
    expect(answer.error.code).toBe(70);
    expect((await call('getPlaylist', [['id', String(playlist.id)]])).playlist.name).toBe('Old name');
    expect(await titles(playlist.id)).toEqual(['Stays']);
  });

  test('createPlaylist by name with a song the family cannot hear creates no playlist', async () => {
    const heard = insertSong(server.db, { title: 'Heard' });
    const pending = insertSong(server.db, { title: 'Unheard', status: 'pending' });
    const answer = await call('createPlaylist', [['name', 'Half made'], ['songId', String(heard.id)], ['songId', String(pending.id)]]);
    expect(answer.error.code).toBe(70);
    const names = ((await call('getPlaylists', [])).playlists.playlist ?? []).map((found: any) => found.name);
    expect(names).not.toContain('Half made');
  });
});

describe('what apps keep on a playlist: comment and public', () => {
  test('updatePlaylist sets them through the subsonic-api client; getPlaylists and getPlaylist return them', async () => {
    const client = new SubsonicAPI({ url: server.url, auth: { username: 'alice', password } });
    const created = ((await client.createPlaylist({ name: 'Road trip' })) as any).playlist;
    expect(created).toMatchObject({ name: 'Road trip', public: false });
    expect(created.comment).toBeUndefined();
    await client.updatePlaylist({ playlistId: created.id, comment: 'For the long drive', public: true });
    const listed = ((await client.getPlaylists()) as any).playlists.playlist.find((found: any) => found.id === created.id);
    expect(listed).toMatchObject({ comment: 'For the long drive', public: true });
    expect(((await client.getPlaylist({ id: created.id })) as any).playlist).toMatchObject({ comment: 'For the long drive', public: true });
    // Absent fields stay; an empty comment clears it.
    await client.updatePlaylist({ playlistId: created.id, name: 'Road trip 2' });
    expect(((await client.getPlaylist({ id: created.id })) as any).playlist).toMatchObject({ name: 'Road trip 2', comment: 'For the long drive', public: true });
    await client.updatePlaylist({ playlistId: created.id, comment: '', public: false });
    const cleared = ((await client.getPlaylist({ id: created.id })) as any).playlist;
    expect(cleared.public).toBe(false);
    expect(cleared.comment).toBeUndefined();
  });

  test('createPlaylist takes them too, and XML carries them as attributes', async () => {
    const made = (await call('createPlaylist', [['name', 'Kitchen'], ['comment', 'Cooking & <songs>'], ['public', 'true']])).playlist;
    expect(made).toMatchObject({ name: 'Kitchen', comment: 'Cooking & <songs>', public: true });
    const params = new URLSearchParams([['u', 'alice'], ['p', password], ['c', 'test'], ['v', '1.16.1'], ['id', made.id]]);
    const xml = await (await server.request(`/rest/getPlaylist?${params}`)).text();
    expect(xml).toContain('comment="Cooking &amp; &lt;songs&gt;"');
    expect(xml).toContain('public="true"');
  });
});
