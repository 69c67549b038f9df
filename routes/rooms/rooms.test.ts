import { afterAll, beforeAll, expect, test } from 'bun:test';
import { ROOM_NOT_FOUND } from '../../src/services/rooms/room-registry.ts';
import { ROOM_FULL, ROOM_LOCKED } from '../../src/services/rooms/room.ts';
import { APP_ROUTES } from '../../src/shared/app-routes.ts';
import type { CreatedRoomDto, RoomViewDto } from '../../src/shared/schemas/room.ts';
import { insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';
import { API_ROUTES } from '../api-routes.ts';
import { JOIN_FIRST, NOT_FOR_RESTRICTED, REMOVED } from './participant.ts';

let server: TestServer;
let mum: string;
let dad: string;
let songIds: number[];
beforeAll(async () => {
  // Each guest joins from its own forwarded address, as phones on a home network would.
  server = await startTestServer({ TRUST_PROXY: 'true' });
  mum = await server.signUp('mum');
  dad = await server.signUp('dad');
  songIds = ['Happy Birthday', 'Dancing Queen', 'Yellow Submarine', 'Mr. Blue Sky'].map((title) => insertSong(server.db, { status: 'published', title, artist: 'Various' }).id);
});
afterAll(() => server.stop());

async function startRoom(cookie = mum, songs: number[] = []): Promise<CreatedRoomDto> {
  const response = await server.request('/api/rooms', { method: 'POST', cookie, json: { songIds: songs } });
  expect(response.status).toBe(201);
  return response.json();
}

/** Joins as a guest from its own address and returns the pass cookie ("name=value"). */
let nextAddress = 1;
async function join(code: string, name: string, address = `10.0.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`): Promise<string> {
  const response = await server.request(`/api/rooms/${code}/guests`, { method: 'POST', json: { name }, headers: { 'x-forwarded-for': address } });
  expect([response.status, await response.clone().text()]).toEqual([201, expect.any(String)]);
  return response.headers.getSetCookie().find((line) => line.startsWith('hearth_room='))!.split(';')[0]!;
}

const view = async (code: string, cookie: string): Promise<RoomViewDto> => (await server.request(`/api/rooms/${code}`, { cookie })).json();
const add = (code: string, cookie: string, songId: number) => server.request(`/api/rooms/${code}/queue`, { method: 'POST', cookie, json: { songId } });

test('a member starts a room from their queue; a guest joins by code, adds a song and sees who added what', async () => {
  const room = await startRoom(mum, songIds.slice(0, 2));
  expect(room.code).toMatch(/^[A-Z2-9]{6}$/);
  expect(room.url).toBe(`${server.url}/room/${room.code}`);
  const qr = await server.request(new URL(room.qrUrl).pathname, { cookie: mum });
  expect([qr.status, qr.headers.get('content-type'), (await qr.text()).startsWith('<svg')]).toEqual([200, 'image/svg+xml', true]);

  const guest = await join(room.code.toLowerCase(), '  Granny\u202e <b>Rose</b>\n');
  // The answer is the new entry alone: screens learn the queue over their socket.
  const added = await add(room.code, guest, songIds[2]!);
  expect([added.status, await added.json()]).toEqual([201, { entryId: expect.any(String), songId: songIds[2]!, title: 'Yellow Submarine', artist: expect.any(String), addedBy: 'Granny <b>Rose</b>' }]);
  const seen = await view(room.code, guest);
  expect(seen.nowPlaying).toMatchObject({ songId: songIds[0], title: 'Happy Birthday', paused: false });
  expect(seen.nowPlaying!.startedAt).toBeGreaterThan(server.now() - 60_000);
  // The name is kept as plain text: controls gone, markup left as the letters typed.
  expect(seen.queue.map(({ songId, title, addedBy }) => ({ songId, title, addedBy }))).toEqual([
    { songId: songIds[1]!, title: 'Dancing Queen', addedBy: 'mum' },
    { songId: songIds[2]!, title: 'Yellow Submarine', addedBy: 'Granny <b>Rose</b>' },
  ]);
  expect(seen.you).toEqual({ name: 'Granny <b>Rose</b>', isHost: false });
  // A signed-in member joins as themselves.
  expect((await view(room.code, dad)).you).toEqual({ name: 'dad', isHost: false });
  expect((await view(room.code, mum)).you).toEqual({ name: 'mum', isHost: true });
});

test('a wrong or ended code is a 404 with its error; a bad name or a missing pass is refused', async () => {
  for (const code of ['ZZZZZZ', 'nope', '../../users']) {
    const response = await server.request(`/api/rooms/${encodeURIComponent(code)}`, { cookie: mum });
    expect([code, response.status, await response.json()]).toEqual([code, 404, { error: ROOM_NOT_FOUND }]);
  }
  const room = await startRoom();
  const anonymous = await server.request(`/api/rooms/${room.code}`);
  expect([anonymous.status, await anonymous.json()]).toEqual([401, { error: JOIN_FIRST }]);
  for (const name of ['', '   ', '\u202e', 'x'.repeat(41)]) {
    const response = await server.request(`/api/rooms/${room.code}/guests`, { method: 'POST', json: { name } });
    expect([name, response.status]).toEqual([name, 422]);
  }
  const guest = await join(room.code, 'Ada');
  const forged = guest.replace(/=(\w+)\./, '=ZZZZZZ.');
  expect((await server.request(`/api/rooms/${room.code}`, { cookie: forged })).status).toBe(401);
  expect((await server.request(`/api/rooms/${room.code}`, { method: 'DELETE', cookie: dad })).status).toBe(403);
  expect((await server.request(`/api/rooms/${room.code}`, { method: 'DELETE', cookie: mum })).status).toBe(204);
  const ended = await server.request(`/api/rooms/${room.code}`, { cookie: guest });
  expect([ended.status, await ended.json()]).toEqual([404, { error: ROOM_NOT_FOUND }]);
});

test("a guest's pass is refused on every other route and page, and on another room", async () => {
  const [mine, other] = [await startRoom(), await startRoom(dad)];
  const guest = await join(mine.code, 'Theo');
  const song = insertSong(server.db, { status: 'published' });
  const ids: Record<string, string> = { ':id': String(song.id), ':songId': String(song.id), ':shareId': song.shareId, ':action': 'publish', ':code': other.code, ':guestId': 'x', ':entryId': '1' };
  const fill = (path: string) => path.replace(/:\w+/g, (name) => ids[name]!);
  for (const route of API_ROUTES.filter((row) => row.access === 'admin' || row.access === 'member')) {
    const init = route.method === 'GET' ? {} : { json: { name: 'x', songIds: [song.id], songId: song.id } };
    const response = await server.request(fill(route.path), { method: route.method, cookie: guest, ...init });
    expect([route.method, route.path, response.status]).toEqual([route.method, route.path, 401]);
  }
  for (const route of API_ROUTES.filter((row) => row.access === 'room' && row.method !== 'WS')) {
    const response = await server.request(fill(route.path), { method: route.method, cookie: guest, ...(route.method === 'GET' ? {} : { json: { songId: song.id } }) });
    expect([route.method, route.path, response.status, await response.json()]).toEqual([route.method, route.path, 401, { error: JOIN_FIRST }]);
  }
  const socket = await server.request(`/api/rooms/${other.code}/socket`, { cookie: guest, headers: { connection: 'upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' } });
  expect(socket.status).toBe(401);
  // Pages: every signed-in screen sends the guest to sign in; `/` is the public landing page.
  for (const route of APP_ROUTES.filter((row) => row.pattern !== '/')) {
    const response = await server.request(fill(route.pattern), { cookie: guest, redirect: 'manual' });
    expect([route.pattern, response.status, response.headers.get('location')]).toEqual([route.pattern, 302, '/login']);
  }
});

test('adds are limited per guest per minute and in the queue, by the host; the host can lock adding', async () => {
  const room = await startRoom();
  const guest = await join(room.code, 'Sam');
  const settings = (json: unknown, cookie = mum) => server.request(`/api/rooms/${room.code}`, { method: 'PATCH', cookie, json });
  expect((await settings({ addsPerMinute: 2, songsPerGuest: 3 }, dad)).status).toBe(403);
  expect((await settings({ addsPerMinute: 2, songsPerGuest: 3 })).status).toBe(200);
  expect((await add(room.code, guest, songIds[0]!)).status).toBe(201);
  expect((await add(room.code, guest, songIds[1]!)).status).toBe(201);
  const third = await add(room.code, guest, songIds[2]!);
  expect([third.status, Number(third.headers.get('retry-after')) > 0]).toEqual([429, true]);
  server.advance(61_000);
  expect((await add(room.code, guest, songIds[2]!)).status).toBe(201);
  server.advance(61_000);
  const full = await add(room.code, guest, songIds[3]!);
  expect([full.status, await full.json()]).toEqual([429, { error: ROOM_FULL }]);
  expect((await add(room.code, mum, songIds[3]!)).status).toBe(201);
  await settings({ locked: true });
  const locked = await add(room.code, dad, songIds[3]!);
  expect([locked.status, await locked.json()]).toEqual([403, { error: ROOM_LOCKED }]);
  // Only what the host may see can be added.
  const pending = insertSong(server.db, { status: 'pending' });
  await settings({ locked: false });
  expect((await add(room.code, dad, pending.id)).status).toBe(404);
});

test('a flood of joins is rate limited', async () => {
  const room = await startRoom();
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const response = await server.request(`/api/rooms/${room.code}/guests`, { method: 'POST', json: { name: `Guest ${i}` }, headers: { 'x-forwarded-for': '10.9.9.9' } });
    statuses.push(response.status);
  }
  expect(statuses.filter((status) => status === 201).length).toBe(10);
  expect(statuses.slice(10)).toEqual([429, 429]);
});

test('the host reorders, removes, pauses and skips; removes a guest; guests vote to skip', async () => {
  const room = await startRoom(mum, songIds);
  const [ada, bo] = [await join(room.code, 'Ada'), await join(room.code, 'Bo')];
  let state = await view(room.code, mum);
  const order = state.queue.map((entry) => entry.entryId).reverse();
  expect((await server.request(`/api/rooms/${room.code}/queue`, { method: 'PUT', cookie: ada, json: { entryIds: order } })).status).toBe(401);
  expect((await server.request(`/api/rooms/${room.code}/queue`, { method: 'PUT', cookie: mum, json: { entryIds: order } })).status).toBe(200);
  expect((await server.request(`/api/rooms/${room.code}/queue/${order[0]}`, { method: 'DELETE', cookie: mum })).status).toBe(204);
  state = await view(room.code, ada);
  expect(state.queue.map((entry) => entry.title)).toEqual(['Yellow Submarine', 'Dancing Queen']);
  await server.request(`/api/rooms/${room.code}/playback`, { method: 'PUT', cookie: mum, json: { paused: true } });
  expect((await view(room.code, ada)).nowPlaying).toMatchObject({ title: 'Happy Birthday', paused: true });
  await server.request(`/api/rooms/${room.code}/skip`, { method: 'POST', cookie: mum });
  expect((await view(room.code, ada)).nowPlaying).toMatchObject({ title: 'Yellow Submarine', paused: false });
  // Three in the room (host and two guests): two votes skip.
  expect(await (await server.request(`/api/rooms/${room.code}/skip-votes`, { method: 'POST', cookie: ada })).json()).toEqual({ skipVotes: 1, skipVotesNeeded: 2 });
  expect(await (await server.request(`/api/rooms/${room.code}/skip-votes`, { method: 'POST', cookie: bo })).json()).toEqual({ skipVotes: 0, skipVotesNeeded: 2 });
  expect((await view(room.code, ada)).nowPlaying).toMatchObject({ title: 'Dancing Queen' });
  const boId = (await view(room.code, mum)).guests.find((guest) => guest.name === 'Bo')!.guestId;
  expect((await server.request(`/api/rooms/${room.code}/guests/${boId}`, { method: 'DELETE', cookie: mum })).status).toBe(204);
  const removed = await server.request(`/api/rooms/${room.code}`, { cookie: bo });
  expect([removed.status, await removed.json()]).toEqual([403, { error: REMOVED }]);
});

test('a room ends after 12 hours without a change', async () => {
  const room = await startRoom();
  const guest = await join(room.code, 'Kim');
  server.advance(11 * 3600_000);
  expect((await add(room.code, guest, songIds[0]!)).status).toBe(201);
  server.advance(12 * 3600_000 + 1000);
  expect((await server.request(`/api/rooms/${room.code}`, { cookie: guest })).status).toBe(404);
});

test("a restricted host's room offers only what the host may hear: search and adds alike", async () => {
  const admin = await server.signUp('gran', { isAdmin: true });
  const kid = await server.signUp('kid');
  const kidId = ((await (await server.request('/api/user', { cookie: kid })).json()) as { id: number }).id;
  const clean = insertSong(server.db, { status: 'published', title: 'Zebra Clean Tune', artist: 'Various' }).id;
  const explicit = insertSong(server.db, { status: 'published', title: 'Zebra Rude Tune', artist: 'Various', explicit: true }).id;
  const restricted = await server.request(`/api/users/${kidId}`, { method: 'PATCH', cookie: admin, json: { restrictions: { clean: true, albumIds: null } } });
  expect(restricted.status).toBe(200);
  const room = await startRoom(kid);
  const guest = await join(room.code, 'Cousin');
  const found = (await (await server.request(`/api/rooms/${room.code}/search?q=zebra`, { cookie: guest })).json()) as { songs: { title: string }[] };
  expect(found.songs.map((song) => song.title)).toEqual(['Zebra Clean Tune']);
  expect((await add(room.code, guest, explicit)).status).toBe(404);
  expect((await add(room.code, guest, clean)).status).toBe(201);
  expect((await view(room.code, guest)).queue.map((entry) => entry.title)).toEqual(['Zebra Clean Tune']);
});

test("a restricted member cannot open another member's room as themselves: it plays the host's library", async () => {
  const admin = await server.signUp('grandpa', { isAdmin: true });
  const child = await server.signUp('little-one');
  const childId = ((await (await server.request('/api/user', { cookie: child })).json()) as { id: number }).id;
  const explicit = insertSong(server.db, { status: 'published', title: 'Grown-up Song', artist: 'Various', explicit: true }).id;
  expect((await server.request(`/api/users/${childId}`, { method: 'PATCH', cookie: admin, json: { restrictions: { clean: true, albumIds: null } } })).status).toBe(200);
  const room = await startRoom(mum, [songIds[0]!, explicit]);
  for (const path of [`/api/rooms/${room.code}`, `/api/rooms/${room.code}/search?q=grown`, `/api/rooms/${room.code}/qr`]) {
    const response = await server.request(path, { cookie: child });
    expect([path, response.status, await response.json()]).toEqual([path, 403, { error: NOT_FOR_RESTRICTED }]);
  }
  expect((await add(room.code, child, songIds[1]!)).status).toBe(403);
});

test("a room started from the player goes on from the song's position; a position past its end stays within the song, one below 0 is refused", async () => {
  const before = server.now();
  const response = await server.request('/api/rooms', { method: 'POST', cookie: mum, json: { songIds: songIds.slice(0, 2), positionMs: 42_000 } });
  const after = server.now();
  expect(response.status).toBe(201);
  const { code } = (await response.json()) as CreatedRoomDto;
  const { nowPlaying } = await view(code, mum);
  // The server read its clock during the request: the song began 42 s before that.
  expect(nowPlaying!.startedAt).toBeGreaterThanOrEqual(before - 42_000);
  expect(nowPlaying!.startedAt).toBeLessThanOrEqual(after - 42_000);

  // Beyond the song's end the song still plays from within it (its last second); a negative position is bad input.
  const past = (await (await server.request('/api/rooms', { method: 'POST', cookie: mum, json: { songIds: songIds.slice(0, 1), positionMs: 999_000 } })).json()) as CreatedRoomDto;
  const late = (await view(past.code, mum)).nowPlaying!;
  expect(server.now() - late.startedAt).toBeLessThan(180_000);
  const bad = await server.request('/api/rooms', { method: 'POST', cookie: mum, json: { songIds: songIds.slice(0, 1), positionMs: -1 } });
  expect([bad.status, typeof (await bad.json()).error]).toEqual([400, 'string']);
});
