import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AlbumDto, PlaylistDto, SongDto } from '../shared/types.ts';
import type { TestServer } from '../testing/server.ts';

const TESTDATA = join(import.meta.dir, '../../media/testdata');

async function ok<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Uploads a real fixture through the admin API, published, then applies title/artist/album changes. */
export async function uploadSong(
  server: TestServer,
  adminCookie: string,
  fixture: string,
  changes: { title?: string; artist?: string; albumId?: number } = {},
): Promise<SongDto> {
  const form = new FormData();
  form.set('status', 'published');
  form.set('copy', 'true'); // seeds reuse fixtures: each call is one more song
  form.set('file', new File([readFileSync(join(TESTDATA, fixture))], fixture));
  const song = await ok<SongDto>(await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: adminCookie }));
  if (Object.keys(changes).length === 0) return song;
  await ok(await server.request(`/api/songs/${song.id}`, { method: 'PATCH', json: changes, cookie: adminCookie }));
  return { ...song, ...changes } as SongDto;
}

export async function createAlbum(server: TestServer, adminCookie: string, name: string): Promise<AlbumDto> {
  return ok<AlbumDto>(await server.request('/api/albums', { method: 'POST', json: { name }, cookie: adminCookie }));
}

export async function createPlaylist(server: TestServer, cookie: string, name: string, songIds: number[]): Promise<PlaylistDto> {
  const playlist = await ok<PlaylistDto>(await server.request('/api/playlists', { method: 'POST', json: { name }, cookie }));
  for (const songId of songIds) {
    await ok(await server.request(`/api/playlists/${playlist.id}/songs`, { method: 'POST', json: { songId }, cookie }));
  }
  return playlist;
}
