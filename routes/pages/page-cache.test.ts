import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDb } from '../../db/client.ts';
import { insertTempShare } from '../../db/queries/temp-shares.ts';
import { songs } from '../../db/schema/index.ts';
import { insertAlbum, insertPlaylist, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';
import { randomId } from '../../src/shared/ids.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('admin', { isAdmin: true });
});

afterAll(async () => {
  await server?.stop();
});

async function page(path: string) {
  const response = await server.request(path);
  const html = await response.text();
  const nonce = response.headers.get('content-security-policy')!.match(/'nonce-([^']+)'/)![1]!;
  return { status: response.status, html, nonce, cache: response.headers.get('x-cache') };
}

/** Every <script> tag carries the header's nonce, and no other nonce appears anywhere. */
function expectNonced(html: string, nonce: string) {
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(2);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  const nonces = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
  expect([...nonces]).toEqual([nonce]);
}

test('a repeat visit is served from cache with a fresh nonce in the header and every script', async () => {
  const song = insertSong(server.db, { title: 'Campfire Song' });
  const first = await page(`/share/${song.shareId}`);
  const second = await page(`/share/${song.shareId}`);
  expect(first.status).toBe(200);
  expect(second.status).toBe(200);
  expect([first.cache, second.cache]).toEqual(['MISS', 'HIT']);
  expect(second.nonce).not.toBe(first.nonce);
  expectNonced(first.html, first.nonce);
  expectNonced(second.html, second.nonce);
  // Same page apart from the nonce: the second came from the cache, not a fresh render.
  expect(second.html.replaceAll(second.nonce, 'N')).toBe(first.html.replaceAll(first.nonce, 'N'));
});

test('publishing, unpublishing and trashing a song change its page at once', async () => {
  const song = insertSong(server.db, { title: 'Lullaby' });
  const path = `/share/${song.shareId}`;
  expect((await page(path)).html).toContain('Lullaby');
  const status = (value: string) =>
    server.request(`/api/songs/${song.id}/status`, { method: 'PATCH', cookie: admin, json: { status: value } });
  expect((await status('pending')).status).toBe(200);
  expect((await page(path)).html).toContain('Share Not Found');
  expect((await status('published')).status).toBe(200);
  expect((await page(path)).html).toContain('Lullaby');
  expect((await server.request(`/api/songs/${song.id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
  const trashed = await page(path);
  expect(trashed.status).toBe(404);
  expect(trashed.html).toContain('Share Not Found');
});

test('renaming an album changes its share page at once', async () => {
  const album = insertAlbum(server.db, { name: 'Summer Holidays' });
  insertSong(server.db, { title: 'Beach Day', albumId: album.id });
  const path = `/share/album/${album.shareId}`;
  expect((await page(path)).html).toContain('Summer Holidays');
  const renamed = await server.request(`/api/albums/${album.id}`, { method: 'PATCH', cookie: admin, json: { name: 'Winter Holidays' } });
  expect(renamed.status).toBe(200);
  const after = await page(path);
  expect(after.cache).toBe('MISS');
  expect(after.html).toContain('Winter Holidays');
  expect(after.html).not.toContain('Summer Holidays');
});

test('renaming a playlist and adding a song to it change its share page at once', async () => {
  const owner = await server.signUp('playlist-owner');
  const ownerId = (await (await server.request('/api/user', { cookie: owner })).json()).id as number;
  const first = insertSong(server.db, { title: 'First Tune' });
  const second = insertSong(server.db, { title: 'Second Tune' });
  const playlist = insertPlaylist(server.db, { userId: ownerId, name: 'Road Trip' }, [first.id]);
  const path = `/share/playlist/${playlist.shareId}`;
  expect((await page(path)).html).toContain('Road Trip');
  expect((await page(path)).cache).toBe('HIT');
  const renamed = await server.request(`/api/playlists/${playlist.id}`, { method: 'PATCH', cookie: owner, json: { name: 'Long Drive' } });
  expect(renamed.status).toBe(200);
  const afterRename = await page(path);
  expect(afterRename.cache).toBe('MISS');
  expect(afterRename.html).toContain('Long Drive');
  const added = await server.request(`/api/playlists/${playlist.id}/songs`, { method: 'POST', cookie: owner, json: { songId: second.id } });
  expect(added.status).toBe(201);
  const afterAdd = await page(path);
  expect(afterAdd.cache).toBe('MISS');
  expect(afterAdd.html).toContain('Second Tune');
});

test('a temporary share taken down before it expires is gone from its page at once', async () => {
  const shareId = randomId();
  const share = insertTempShare(server.db, {
    shareId,
    title: 'Short Note',
    audioHash: 'b'.repeat(64),
    audioFormat: 'mp3',
    expiresAt: new Date(server.now() + 3600_000),
  });
  const path = `/share/${shareId}`;
  expect((await page(path)).html).toContain('Short Note');
  expect((await page(path)).cache).toBe('HIT');
  expect((await server.request(`/api/temp-shares/${share.id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
  const removed = await page(path);
  expect(removed.status).toBe(404);
  expect(removed.html).toContain('Share Not Found');
});

test('a write from another database connection (the CLI) changes the page at once', async () => {
  const song = insertSong(server.db, { title: 'Old Title' });
  const path = `/share/${song.shareId}`;
  expect((await page(path)).html).toContain('Old Title');
  const other = openDb(join(server.dataDir, 'hearth.db'));
  try {
    other.db.update(songs).set({ title: 'New Title' }).where(eq(songs.id, song.id)).run();
  } finally {
    other.sqlite.close();
  }
  const after = await page(path);
  expect(after.html).toContain('New Title');
  expect(after.html).not.toContain('Old Title');
});

test("a cached temporary share turns into 'Share Not Found' the moment it expires", async () => {
  const shareId = randomId();
  insertTempShare(server.db, {
    shareId,
    title: 'Voice Memo',
    audioHash: 'a'.repeat(64),
    audioFormat: 'mp3',
    expiresAt: new Date(server.now() + 60_000),
  });
  const path = `/share/${shareId}`;
  expect((await page(path)).html).toContain('Voice Memo');
  server.advance(30_000);
  const cached = await page(path);
  expect(cached.cache).toBe('HIT');
  expect(cached.html).toContain('Voice Memo');
  server.advance(30_000);
  const expired = await page(path);
  expect(expired.status).toBe(404);
  expect(expired.html).toContain('Share Not Found');
});

test('a not-found page is never stored', async () => {
  for (const path of [`/share/${randomId()}`, `/share/album/${randomId()}`, `/share/playlist/${randomId()}`]) {
    const first = await page(path);
    const second = await page(path);
    expect([first.status, second.status]).toEqual([404, 404]);
    expect([first.cache, second.cache]).toEqual(['MISS', 'MISS']);
  }
});

test('a cached page goes out whole with its length and the security headers', async () => {
  const song = insertSong(server.db, { title: 'Harvest Moon' });
  const path = `/share/${song.shareId}`;
  await server.request(path).then((response) => response.text());
  const response = await server.request(path);
  const bytes = await response.arrayBuffer();
  expect(response.headers.get('x-cache')).toBe('HIT');
  // Not re-streamed by the framework (which cost a third of a hit's time): sent with its length.
  expect(response.headers.get('content-length')).toBe(String(bytes.byteLength));
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(new TextDecoder().decode(bytes)).toContain('Harvest Moon');
});
