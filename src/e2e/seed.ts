import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SongPatch } from '../shared/schemas/song.ts';
import type { AlbumDto, PlaylistDto, SongDto } from '../shared/types.ts';
import type { TestServer } from '../testing/server.ts';

const TESTDATA = join(import.meta.dir, '../../media/testdata');

async function ok<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The bytes of a real audio file of media/testdata. */
export const fixtureBytes = (name: string): Uint8Array<ArrayBuffer> => new Uint8Array(readFileSync(join(TESTDATA, name)));

/** Uploads these bytes as a published song through the admin API, then applies `changes` as an admin's edit. */
export async function uploadBytes(
  server: TestServer,
  adminCookie: string,
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
  changes: SongPatch = {},
): Promise<SongDto> {
  const form = new FormData();
  form.set('status', 'published');
  form.set('copy', 'true'); // each call is one more song, whatever its bytes
  form.set('file', new File([bytes], name));
  const song = await ok<SongDto>(await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: adminCookie }));
  if (Object.keys(changes).length === 0) return song;
  await ok(await server.request(`/api/songs/${song.id}`, { method: 'PATCH', json: changes, cookie: adminCookie }));
  return { ...song, ...changes } as SongDto;
}

/** Uploads a real fixture of media/testdata, as uploadBytes does. */
export function uploadSong(server: TestServer, adminCookie: string, fixture: string, changes: SongPatch = {}): Promise<SongDto> {
  return uploadBytes(server, adminCookie, fixture, fixtureBytes(fixture), changes);
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
