import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import { findSongById } from '../../../db/queries/songs.ts';
import { insertAlbum, insertSong } from '../../testing/factories.ts';
import { type TestServer, startTestServer } from '../../testing/server.ts';

// Another process (the CLI, a second server) holds the write lock for a second: requests that
// write wait for it (busy_timeout, which BEGIN IMMEDIATE makes apply) instead of answering 500.
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('writers-admin', { isAdmin: true });
});
afterAll(() => server.stop());

async function whileAnotherProcessWrites<T>(run: () => Promise<T>, holdMs = 800): Promise<T> {
  const holder = Bun.spawn([process.execPath, 'src/testing/hold-write-lock.ts', join(server.dataDir, 'hearth.db'), String(holdMs)], { stdout: 'pipe' });
  const first = await holder.stdout.getReader().read();
  expect(new TextDecoder().decode(first.value)).toContain('locked');
  try {
    return await run();
  } finally {
    await holder.exited;
  }
}

test('PATCH /api/songs/{id}, its status and an album rename wait for another writer', async () => {
  const song = insertSong(server.db, { status: 'pending' });
  const album = insertAlbum(server.db);
  const statuses = await whileAnotherProcessWrites(async () => [
    (await server.request(`/api/songs/${song.id}`, { method: 'PATCH', cookie: admin, json: { title: 'Edited meanwhile' } })).status,
    (await server.request(`/api/songs/${song.id}/status`, { method: 'PATCH', cookie: admin, json: { status: 'published' } })).status,
    (await server.request(`/api/albums/${album.id}`, { method: 'PATCH', cookie: admin, json: { name: 'Renamed meanwhile' } })).status,
  ]);
  expect(statuses).toEqual([200, 200, 200]);
  expect(findSongById(server.db, song.id)?.song).toMatchObject({ title: 'Edited meanwhile', status: 'published' });
}, 20_000);

// Past busy_timeout (5 s) the write gives up: that is congestion, answered 503 with Retry-After.
test('a writer held up longer than the busy timeout gets 503 with Retry-After, never 500', async () => {
  const song = insertSong(server.db);
  const response = await whileAnotherProcessWrites(
    () => server.request(`/api/songs/${song.id}`, { method: 'PATCH', cookie: admin, json: { title: 'Too late' } }),
    // Twice the busy timeout: on a loaded machine the request can reach its write seconds after
    // the lock was taken, and must still find it held for the whole 5 s it waits.
    10_000,
  );
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('2');
  expect((await response.json()).error).toContain('busy');
  expect(findSongById(server.db, song.id)?.song.title).toBe(song.title);
}, 30_000);
