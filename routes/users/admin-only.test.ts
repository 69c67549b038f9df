import { afterAll, beforeAll, expect, test } from 'bun:test';
import { findUserByUsername } from '../../db/queries/users.ts';
import { createApp } from '../../src/compose/app.ts';
import { createAppContext } from '../../src/app-context.ts';
import { API_ROUTES, type ApiAccess } from '../api-routes.ts';
import { ROUTE_PLUGINS } from '../plugins.ts';
import { insertAlbum, insertPlaylist, insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const listed = (access: ApiAccess) => API_ROUTES.filter((route) => route.access === access).map(routeKey);
/** Admins only (403 for a plain user, 401 for guests); the auth macro leaves no mark on a route to read. */
const ADMIN = listed('admin');
/** Any signed-in family member (401 for guests). */
const MEMBER = listed('member');

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

const quiet = { debug() {}, info() {}, warn() {}, error() {} } as never;

function apiRoutes(): string[] {
  const app = createApp({ config: server.config, db: server.db, secret: 'x'.repeat(64), log: quiet, ffmpeg: null });
  return app.routes.filter((route) => route.path.startsWith('/api')).map(routeKey);
}

test('the route table (routes/api-routes.ts) lists every API route of the app, and only those', () => {
  const [table, app] = [API_ROUTES.map(routeKey), apiRoutes()];
  expect(app.filter((route) => !table.includes(route))).toEqual([]);
  expect(table.filter((route) => !app.includes(route))).toEqual([]);
  expect(new Set(table).size).toBe(table.length);
});

test('each URL resource is one plugin, and each plugin answers only under its prefix', () => {
  const ctx = createAppContext({ config: server.config, db: server.db, secret: 'x'.repeat(64), log: quiet, ffmpeg: null });
  // The resource is /api/<name> for the API, else the first path segment (/rest, /media…).
  const resourceOf = (path: string) => path.split('/').slice(0, path.startsWith('/api/') ? 3 : 2).join('/');
  const owners = new Map<string, Set<string>>();
  for (const build of ROUTE_PLUGINS) {
    const plugin = build(ctx);
    const { name, prefix } = plugin.config as { name: string; prefix: string };
    expect([name, prefix.length > 0]).toEqual([name, true]);
    for (const route of plugin.routes) {
      expect([name, route.path.startsWith(prefix)]).toEqual([name, true]);
      owners.set(resourceOf(route.path), (owners.get(resourceOf(route.path)) ?? new Set()).add(name));
    }
  }
  const shared = [...owners].filter(([, names]) => names.size > 1).map(([resource, names]) => `${resource}: ${[...names].join(', ')}`);
  expect(shared).toEqual([]);
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
  for (const route of MEMBER) {
    const [method, pattern] = route.split(' ') as [string, string];
    const path = pattern.replace(/:\w+/g, (name) => ids[name]!);
    const response = await server.request(path, method === 'GET' ? { method } : { method, json: {} });
    expect([route, response.status]).toEqual([route, 401]);
  }
});

test('no public API asks a guest to sign in', async () => {
  const PUBLIC = listed('public');
  expect(PUBLIC.length).toBeGreaterThan(0);
  for (const route of PUBLIC) {
    const [method, pattern] = route.split(' ') as [string, string];
    const path = pattern.replace(/:\w+/g, (name) => ids[name]!).replace('*', 'no-such-thing');
    const response = await server.request(path, method === 'GET' || method === 'ALL' ? { method: 'GET' } : { method, json: {} });
    expect([route, response.status === 401]).toEqual([route, false]);
  }
});
