import { afterAll, beforeAll, expect, test } from 'bun:test';
import { findUserByUsername } from '../../db/queries/users.ts';
import { createApp } from '../../src/app.ts';
import { insertAlbum, insertPlaylist, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

/**
 * Every API route of the app, by who may call it. The walk below reads the routes from the app
 * itself, so a new route fails this test until it is listed here, and each admin route must
 * answer a plain user 403 and a guest 401 (the auth macro leaves no mark on the route to read).
 */
const ADMIN = [
  'GET /api/settings', 'PATCH /api/settings',
  'GET /api/users', 'POST /api/users', 'PATCH /api/users/:id', 'DELETE /api/users/:id',
  'GET /api/songs/all', 'PATCH /api/songs/:id', 'PATCH /api/songs/:id/status', 'DELETE /api/songs/:id', 'POST /api/songs/bulk/:action',
  'PATCH /api/songs/:id/audio', 'POST /api/upload/audio', 'POST /api/upload/image',
  'POST /api/albums', 'PATCH /api/albums/:id', 'DELETE /api/albums/:id',
  'GET /api/deleted/songs', 'GET /api/deleted/albums', 'POST /api/songs/:id/restore', 'POST /api/albums/:id/restore',
  'DELETE /api/songs/:id/permanent', 'DELETE /api/albums/:id/permanent',
  'GET /api/temp-shares', 'DELETE /api/temp-shares/:id',
];
/** Any signed-in family member (401 for guests). */
const MEMBER = [
  'GET /api/user', 'PATCH /api/user/display-preference', 'GET /api/songs', 'GET /api/albums', 'GET /api/albums/:id', 'GET /api/albums/:id/songs',
  'GET /api/playlists', 'POST /api/playlists', 'GET /api/playlists/:id', 'PATCH /api/playlists/:id', 'DELETE /api/playlists/:id',
  'GET /api/playlists/:id/songs', 'POST /api/playlists/:id/songs', 'PUT /api/playlists/:id/songs', 'DELETE /api/playlists/:id/songs/:songId',
  'GET /api/search', 'GET /api/audio/proxy',
  'GET /api/app-passwords', 'POST /api/app-passwords', 'DELETE /api/app-passwords/:id',
  'GET /api/favourites', 'PUT /api/favourites/:songId', 'DELETE /api/favourites/:songId', 'GET /api/recently-played', 'POST /api/plays',
];
/** Open to anyone: session, public shares, the guests' temporary share, the 404 fallback. */
const PUBLIC = [
  'POST /api/login', 'POST /api/register', 'POST /api/logout', 'GET /api/share/song/:shareId', 'GET /api/share/album/:shareId',
  'GET /api/share/playlist/:shareId', 'POST /api/temp-share', 'GET /api/temp-share/:shareId', 'ALL /api/*', 'GET /api/health',
];

let server: TestServer;
let kid: string;
let ids: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  await server.signUp('mum', { isAdmin: true });
  kid = await server.signUp('kid');
  const kidId = findUserByUsername(server.db, 'kid')!.id;
  const song = insertSong(server.db, { status: 'published' });
  // Real ids everywhere, so a 404 for a missing row can never stand in for the 403.
  ids = { ':id': String(song.id), ':songId': String(song.id), ':action': 'publish', ':shareId': song.shareId };
  insertAlbum(server.db);
  insertPlaylist(server.db, { userId: kidId }, [song.id]);
});
afterAll(() => server.stop());

function apiRoutes(): string[] {
  const app = createApp({ config: server.config, db: server.db, secret: 'x'.repeat(64), log: { debug() {}, info() {}, warn() {}, error() {} } as never });
  return app.routes.filter((route) => route.path.startsWith('/api')).map((route) => `${route.method} ${route.path}`);
}

test('every API route is listed as admin, member or public', () => {
  const listed = new Set([...ADMIN, ...MEMBER, ...PUBLIC]);
  expect(apiRoutes().filter((route) => !listed.has(route))).toEqual([]);
  // An admin route that no longer exists is a stale list.
  expect(ADMIN.filter((route) => !apiRoutes().includes(route))).toEqual([]);
});

test('every admin API answers a plain user 403 and a guest 401, whatever it is sent', async () => {
  for (const route of ADMIN) {
    const [method, pattern] = route.split(' ') as [string, string];
    const path = pattern.replace(/:\w+/g, (name) => ids[name]!);
    const init = method === 'GET' ? { method } : { method, json: { name: 'x', title: 'x', status: 'published', songIds: [1], isAdmin: true } };
    const asKid = await server.request(path, { ...init, cookie: kid });
    expect([route, asKid.status, await asKid.json()]).toEqual([route, 403, { error: 'Only an admin can do that' }]);
    const asGuest = await server.request(path, init);
    expect([route, asGuest.status]).toEqual([route, 401]);
  }
  // Multipart uploads are refused the same way before their bodies are read.
  for (const path of ['/api/upload/audio', '/api/upload/image', `/api/songs/${ids[':id']}/audio`]) {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(1024)], 'x.mp3'));
    const response = await server.request(path, { method: path.includes('audio') && path.startsWith('/api/songs') ? 'PATCH' : 'POST', body: form, cookie: kid });
    expect([path, response.status]).toEqual([path, 403]);
  }
});

test('every member API answers a guest 401', async () => {
  for (const route of MEMBER.filter((listed) => apiRoutes().includes(listed))) {
    const [method, pattern] = route.split(' ') as [string, string];
    const path = pattern.replace(/:\w+/g, (name) => ids[name]!);
    const response = await server.request(path, method === 'GET' ? { method } : { method, json: {} });
    expect([route, response.status]).toEqual([route, 401]);
  }
});
