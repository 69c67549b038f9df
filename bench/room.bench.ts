/**
 * Family rooms on the real server (loopback): how long a queue change takes to reach all 30
 * guests' sockets and the host's (p50, p99, from the add's request to the last screen), one
 * minute of 30 guests adding 10 songs a minute each (errors, and whether every screen ends with
 * the same order), and the server's memory per room (100 rooms of 10 guests and 50 songs).
 */
import type { RoomSocketMessage, RoomStateDto } from '../src/shared/schemas/room.ts';
import { benchLogin, printFigure, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';

const GUESTS = 30;
const server = await startBenchServer({ seed: (db) => seedCatalogue(db, { songs: 2000, albums: 20, playlists: 1 }), env: { TRUST_PROXY: 'true' } });
const admin = await benchLogin(server.url);
let address = 0;

async function call(path: string, method: string, json: unknown, cookie?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server.url + path, { method, body: JSON.stringify(json), headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}), ...headers } });
}
async function startRoom(): Promise<string> {
  const { code } = (await (await call('/api/rooms', 'POST', {}, admin)).json()) as { code: string };
  await call(`/api/rooms/${code}`, 'PATCH', { addsPerMinute: 60, songsPerGuest: 200 }, admin);
  return code;
}
async function join(code: string, name: string): Promise<string> {
  address += 1;
  const response = await call(`/api/rooms/${code}/guests`, 'POST', { name }, undefined, { 'x-forwarded-for': `10.${address >> 16}.${(address >> 8) & 255}.${address & 255}` });
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** A screen: the room's socket, its latest state, and callbacks waiting on a version. */
function screen(code: string, cookie: string) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/rooms/${code}/socket`, { headers: { cookie } } as never);
  const view = { state: undefined as RoomStateDto | undefined, socket, seen: new Map<number, number>() };
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as RoomSocketMessage;
    if (message.type !== 'state') return;
    view.state = message.state;
    view.seen.set(message.state.version, performance.now());
  };
  return view;
}
const until = async (done: () => boolean) => {
  while (!done()) await Bun.sleep(2);
};

const code = await startRoom();
const guests = await Promise.all(Array.from({ length: GUESTS }, (_, i) => join(code, `Guest ${i}`)));
const screens = [screen(code, admin), ...guests.map((cookie) => screen(code, cookie))];
await until(() => screens.every((view) => view.state?.guests.length === GUESTS));

// Fan-out: one add at a time, timed from the request to the moment the last screen has it.
const fanOut: number[] = [];
for (let i = 0; i < 200; i++) {
  const t0 = performance.now();
  const response = await call(`/api/rooms/${code}/queue`, 'POST', { songId: 1 + i }, guests[i % GUESTS]);
  const version = ((await response.json()) as RoomStateDto).version;
  await until(() => screens.every((view) => view.seen.has(version)));
  fanOut.push(Math.max(...screens.map((view) => view.seen.get(version)!)) - t0);
}
fanOut.sort((a, b) => a - b);
printFigure(`queue change fan-out to ${GUESTS + 1} screens p50`, fanOut[100]!, 'ms', undefined, '300 ms');
printFigure(`queue change fan-out to ${GUESTS + 1} screens p99`, fanOut[198]!, 'ms', undefined, '300 ms');

// One minute of the party: each guest adds a song every 6 s, at staggered moments.
const errors: number[] = [];
const started = performance.now();
await Promise.all(guests.map(async (cookie, g) => {
  for (let n = 0; n < 10; n++) {
    await Bun.sleep(Math.max(0, started + g * 200 + n * 6000 - performance.now()));
    const response = await call(`/api/rooms/${code}/queue`, 'POST', { songId: 300 + g * 10 + n }, cookie);
    if (response.status !== 201) errors.push(response.status);
  }
}));
await until(() => screens.every((view) => view.state?.queue.length === 500));
const orders = new Set(screens.map((view) => view.state!.queue.map((entry) => entry.entryId).join(',')));
printFigure('party minute (30 guests x 10 adds): failed adds', errors.length, 'requests');
printFigure('party minute: distinct queue orders across screens', orders.size, 'orders', undefined, '1');
screens.forEach((view) => view.socket.close());

// Memory: the server's RSS before and after 100 rooms of 10 guests and 50 queued songs each.
const before = server.rssMb();
for (let r = 0; r < 100; r++) {
  const room = await startRoom();
  const people = await Promise.all(Array.from({ length: 10 }, (_, i) => join(room, `Guest ${i}`)));
  for (let s = 0; s < 50; s++) await call(`/api/rooms/${room}/queue`, 'POST', { songId: 1 + s }, people[s % 10]);
}
printFigure('memory per room (10 guests, 50 songs)', ((server.rssMb() - before) * 1024) / 100, 'KiB');
await server.stop();
