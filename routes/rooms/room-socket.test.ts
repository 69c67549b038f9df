import { afterAll, beforeAll, expect, test } from 'bun:test';
import { applyRoomChange } from '../../src/shared/room-changes.ts';
import type { RoomSocketMessage, RoomStateDto } from '../../src/shared/schemas/room.ts';
import { insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let mum: string;
let songIds: number[];
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  mum = await server.signUp('mum');
  songIds = Array.from({ length: 10 }, (_, i) => insertSong(server.db, { status: 'published', title: `Song ${i}` }).id);
});
afterAll(() => server.stop());

/**
 * A room's socket as a phone holds it: every message kept (with its size), the state as a screen
 * builds it from the whole state and the changes, asking to catch up at a gap; `drop` loses a
 * message on the way, as a flaky network would.
 */
class Listener {
  readonly messages: RoomSocketMessage[] = [];
  readonly bytes: number[] = [];
  closed: number | null = null;
  state: RoomStateDto | undefined;
  private catchingUp = false;
  private waiters: (() => void)[] = [];
  private readonly socket: WebSocket;
  constructor(code: string, cookie: string, origin = server.url, drop: (message: RoomSocketMessage) => boolean = () => false) {
    this.socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/rooms/${code}/socket`, { headers: { cookie, origin } } as never);
    this.socket.onmessage = (event) => this.note(() => {
      const message = JSON.parse(String(event.data)) as RoomSocketMessage;
      if (drop(message)) return;
      this.messages.push(message);
      this.bytes.push(Buffer.byteLength(String(event.data)));
      this.apply(message);
    });
    this.socket.onclose = (event) => this.note(() => (this.closed = event.code));
  }
  private apply(message: RoomSocketMessage) {
    if (message.type === 'state') {
      this.catchingUp = false;
      if (!this.state || this.state.version <= message.state.version) this.state = message.state;
    } else if (message.type === 'change' && this.state && !this.catchingUp) {
      const next = applyRoomChange(this.state, message);
      if (next) this.state = next;
      else {
        this.catchingUp = true;
        this.send({ type: 'catch-up' });
      }
    }
  }
  private note(change: () => void) {
    change();
    for (const wake of this.waiters.splice(0)) wake();
  }
  async until(done: () => boolean): Promise<void> {
    while (!done()) await new Promise<void>((wake) => this.waiters.push(wake));
  }
  send(message: unknown) {
    this.socket.send(JSON.stringify(message));
  }
  close() {
    this.socket.close();
  }
}

async function startRoom(): Promise<string> {
  return (await (await server.request('/api/rooms', { method: 'POST', cookie: mum, json: {} })).json()).code;
}

let address = 1;
async function join(code: string, name: string): Promise<string> {
  const response = await server.request(`/api/rooms/${code}/guests`, { method: 'POST', json: { name }, headers: { 'x-forwarded-for': `10.1.0.${address++}` } });
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}
const add = (code: string, cookie: string, songId: number) => server.request(`/api/rooms/${code}/queue`, { method: 'POST', cookie, json: { songId } });

test('every screen gets every change, in the same order, after concurrent adds', async () => {
  const code = await startRoom();
  const guests = await Promise.all(Array.from({ length: 8 }, (_, i) => join(code, `Guest ${i}`)));
  const screens = [new Listener(code, mum), ...guests.map((cookie) => new Listener(code, cookie))];
  await Promise.all(screens.map((screen) => screen.until(() => screen.state?.guests.length === 8)));
  const added = await Promise.all(guests.flatMap((cookie, i) => [add(code, cookie, songIds[i]!), add(code, cookie, songIds[9 - i]!)]));
  expect(added.map((response) => response.status)).toEqual(Array(16).fill(201));
  await Promise.all(screens.map((screen) => screen.until(() => screen.state?.queue.length === 16)));
  const truth = (await (await server.request(`/api/rooms/${code}`, { cookie: mum })).json()).queue;
  for (const screen of screens) expect(screen.state!.queue).toEqual(truth);
  // Versions only go up on each screen: no change arrives out of order.
  for (const screen of screens) {
    const versions = screen.messages.flatMap((message) => (message.type === 'state' ? [message.state.version] : message.type === 'change' ? [message.version] : []));
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  }
  screens.forEach((screen) => screen.close());
});

test('a phone that reconnects catches up at once; pings are answered with the server clock', async () => {
  const code = await startRoom();
  const guest = await join(code, 'Ada');
  const first = new Listener(code, guest);
  await first.until(() => first.state !== undefined);
  first.close();
  await first.until(() => first.closed !== null);
  await add(code, mum, songIds[0]!);
  await add(code, mum, songIds[1]!);
  const again = new Listener(code, guest);
  await again.until(() => again.state !== undefined);
  expect(again.state!.queue.map((entry) => entry.songId)).toEqual([songIds[0]!, songIds[1]!]);
  const before = server.now();
  again.send({ type: 'ping', id: 7 });
  await again.until(() => again.messages.some((message) => message.type === 'pong'));
  const pong = again.messages.find((message) => message.type === 'pong')!;
  expect(pong).toEqual({ type: 'pong', id: 7, serverNow: expect.any(Number) });
  expect((pong as { serverNow: number }).serverNow).toBeGreaterThanOrEqual(before);
  again.close();
});

test('a removed guest and every screen of an ended room are told and closed; strangers cannot listen', async () => {
  const code = await startRoom();
  const [ada, bo] = [await join(code, 'Ada'), await join(code, 'Bo')];
  const [host, adaScreen, boScreen] = [new Listener(code, mum), new Listener(code, ada), new Listener(code, bo)];
  await Promise.all([host, adaScreen, boScreen].map((screen) => screen.until(() => screen.state !== undefined)));
  const boId = host.state!.guests.find((guest) => guest.name === 'Bo')!.guestId;
  await server.request(`/api/rooms/${code}/guests/${boId}`, { method: 'DELETE', cookie: mum });
  await boScreen.until(() => boScreen.closed !== null);
  expect(boScreen.messages.at(-1)).toEqual({ type: 'removed' });
  const refused = new Listener(code, bo);
  await refused.until(() => refused.closed !== null);
  expect(refused.messages).toEqual([]);
  const stranger = new Listener(code, '');
  await stranger.until(() => stranger.closed !== null);
  expect(stranger.messages).toEqual([]);
  // Another site's page in Ada's browser sends her pass, and its own origin: refused.
  const otherSite = new Listener(code, ada, 'https://party.example');
  await otherSite.until(() => otherSite.closed !== null);
  expect(otherSite.messages).toEqual([]);
  await server.request(`/api/rooms/${code}`, { method: 'DELETE', cookie: mum });
  await Promise.all([host, adaScreen].map((screen) => screen.until(() => screen.closed !== null)));
  expect([host.messages.at(-1), adaScreen.messages.at(-1)]).toEqual([{ type: 'ended' }, { type: 'ended' }]);
});

test('the server owns the schedule: at a song\'s end the next starts on the server clock, for every screen', async () => {
  const short = [insertSong(server.db, { status: 'published', title: 'Short one', duration: 0.4 }), insertSong(server.db, { status: 'published', title: 'Short two', duration: 0.4 })];
  const { code } = await (await server.request('/api/rooms', { method: 'POST', cookie: mum, json: { songIds: short.map((song) => song.id) } })).json();
  const screen = new Listener(code, mum);
  await screen.until(() => screen.state?.nowPlaying?.title === 'Short one');
  const first = screen.state!.nowPlaying!;
  expect(first).toMatchObject({ durationMs: 400, audioUrl: expect.stringContaining(`/media/songs/${short[0]!.shareId}/`) });
  await screen.until(() => screen.state?.nowPlaying?.title === 'Short two');
  expect(screen.state!.nowPlaying!.startedAt).toBe(first.startedAt + 400);
  await screen.until(() => screen.state?.nowPlaying === null);
  screen.close();
});

/** The room as `GET /api/rooms/{code}` tells it, without the asker's `you`. */
async function truthOf(code: string): Promise<RoomStateDto> {
  const { you: _you, ...state } = await (await server.request(`/api/rooms/${code}`, { cookie: mum })).json();
  return state;
}

test('a change is small: an add to a queue of 3,000 songs reaches a screen in under 2 KB', async () => {
  const { code } = await (await server.request('/api/rooms', { method: 'POST', cookie: mum, json: { songIds: Array.from({ length: 500 }, (_, i) => songIds[i % 10]!) } })).json();
  for (let round = 0; round < 2501; round += 41) {
    const adds = Array.from({ length: Math.min(41, 2501 - round) }, (_, i) => add(code, mum, songIds[(round + i) % 10]!));
    for (const response of await Promise.all(adds)) await response.body?.cancel();
  }
  const guest = await join(code, 'Ada');
  const screen = new Listener(code, mum);
  await screen.until(() => screen.state?.queue.length === 3000);
  const added = await (await add(code, guest, songIds[3]!)).json();
  await screen.until(() => screen.state!.queue.some((entry) => entry.entryId === added.entryId));
  expect(screen.messages.at(-1)).toMatchObject({ type: 'change', added: [{ entryId: added.entryId, songId: songIds[3], addedBy: 'Ada' }] });
  expect(screen.bytes.at(-1)!).toBeLessThan(2048);
  expect(screen.state).toEqual(await truthOf(code));
  screen.close();
}, 30_000); // 2,500 adds over HTTP: about a second alone, several on a CI box running the browser lanes

test('screens that apply the changes end with the server\'s state after concurrent adds, removes, reorders and skips', async () => {
  const { code } = await (await server.request('/api/rooms', { method: 'POST', cookie: mum, json: { songIds: songIds.slice(0, 4) } })).json();
  const guests = await Promise.all(Array.from({ length: 6 }, (_, i) => join(code, `Guest ${i}`)));
  const screens = [new Listener(code, mum), ...guests.map((cookie) => new Listener(code, cookie))];
  await Promise.all(screens.map((screen) => screen.until(() => screen.state?.guests.length === 6)));
  for (let round = 0; round < 6; round++) {
    const ids = (await truthOf(code)).queue.map((entry) => entry.entryId);
    const statuses = await Promise.all([
      server.request(`/api/rooms/${code}/queue`, { method: 'PUT', cookie: mum, json: { entryIds: [...ids].reverse() } }),
      ...guests.map((cookie, i) => add(code, cookie, songIds[(round + i) % 10]!)),
      server.request(`/api/rooms/${code}/queue/${ids[1]}`, { method: 'DELETE', cookie: mum }),
      server.request(`/api/rooms/${code}/skip`, { method: 'POST', cookie: mum }),
      server.request(`/api/rooms/${code}/playback`, { method: 'PUT', cookie: mum, json: { paused: round % 2 === 0 } }),
      server.request(`/api/rooms/${code}`, { method: 'PATCH', cookie: mum, json: { songsPerGuest: 10 + round } }),
      ...(round === 3 ? [server.request(`/api/rooms/${code}/skip-votes`, { method: 'POST', cookie: guests[0]! })] : []),
    ].map(async (response) => (await response).status));
    // A reorder races the adds: the server refuses it when the queue moved meanwhile.
    expect(statuses.filter((status) => ![200, 201, 204, 409].includes(status))).toEqual([]);
  }
  const truth = await truthOf(code);
  expect(truth.queue.length).toBeGreaterThan(20);
  await Promise.all(screens.map((screen) => screen.until(() => screen.state!.version === truth.version)));
  // Some reorders won the race: the screens were sent a new order of ids and applied it.
  expect(screens[0]!.messages.some((message) => message.type === 'change' && message.order !== undefined)).toBe(true);
  for (const screen of screens) {
    expect(screen.state).toEqual(truth);
    // The opening state, then only changes: no screen needed the whole state again.
    expect(screen.messages.filter((message) => message.type === 'state').length).toBe(1);
  }
  screens.forEach((screen) => screen.close());
});

test('a screen that misses a change asks for the whole state and catches up', async () => {
  const code = await startRoom();
  const guest = await join(code, 'Ada');
  let lost = 0;
  const screen = new Listener(code, guest, server.url, (message) => message.type === 'change' && message.added?.[0]?.songId === songIds[1] && ++lost === 1);
  await screen.until(() => screen.state !== undefined);
  for (const songId of songIds.slice(0, 4)) expect((await add(code, mum, songId)).status).toBe(201);
  const truth = await truthOf(code);
  await screen.until(() => screen.state!.version === truth.version);
  expect(lost).toBe(1);
  expect(screen.messages.filter((message) => message.type === 'state').length).toBe(2);
  expect(screen.state).toEqual(truth);
  expect(screen.state!.queue.map((entry) => entry.songId)).toEqual(songIds.slice(0, 4));
  screen.close();
});

test('a flood of catch-up requests gets one whole state per version, not one each', async () => {
  const code = await startRoom();
  const guest = await join(code, 'Eve');
  const screen = new Listener(code, guest);
  await screen.until(() => screen.state !== undefined);
  // Everything a socket sends is handled in order: the pong means the asks before it were too.
  const flood = async (id: number) => {
    for (let i = 0; i < 50; i++) screen.send({ type: 'catch-up' });
    screen.send({ type: 'ping', id });
    await screen.until(() => screen.messages.some((message) => message.type === 'pong' && message.id === id));
  };
  await flood(1);
  expect((await add(code, mum, songIds[0]!)).status).toBe(201);
  await flood(2);
  const truth = await truthOf(code);
  await screen.until(() => screen.state!.version === truth.version);
  // The opening state, then one for the ask that came after the add: each costs the whole queue.
  expect(screen.messages.filter((message) => message.type === 'state').length).toBe(2);
  expect(screen.state).toEqual(truth);
  screen.close();
});

test('a socket that opens while the host ends the room is told it ended, never left open on the gone room', async () => {
  const outcomes = { ended: 0, refused: 0, leftOpen: 0 };
  // The end lands at varied moments of the socket's opening, some while its pass is being checked.
  for (let i = 0; i < 240; i++) {
    const code = await startRoom();
    const guest = await join(code, 'Eve');
    const screen = new Listener(code, guest);
    for (let k = 0; k < i % 8; k++) await new Promise((next) => setImmediate(next));
    expect((await server.request(`/api/rooms/${code}`, { method: 'DELETE', cookie: mum })).status).toBe(204);
    // A pong after the end means the socket is still open on the gone room; the answers come in order.
    await screen.until(() => screen.closed !== null || screen.messages.length > 0);
    if (screen.closed === null) {
      screen.send({ type: 'ping', id: i });
      await screen.until(() => screen.closed !== null || screen.messages.some((message) => message.type === 'pong'));
    }
    if (screen.messages.some((message) => message.type === 'ended')) outcomes.ended++;
    else if (screen.closed !== null) outcomes.refused++;
    else outcomes.leftOpen++;
    screen.close();
  }
  expect(outcomes.leftOpen).toBe(0);
  expect(outcomes.ended).toBeGreaterThan(0);
});
