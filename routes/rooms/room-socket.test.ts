import { afterAll, beforeAll, expect, test } from 'bun:test';
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

/** A room's socket as a phone holds it: every message kept, and a way to wait for one. */
class Listener {
  readonly messages: RoomSocketMessage[] = [];
  closed: number | null = null;
  private waiters: (() => void)[] = [];
  private readonly socket: WebSocket;
  constructor(code: string, cookie: string, origin = server.url) {
    this.socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/rooms/${code}/socket`, { headers: { cookie, origin } } as never);
    this.socket.onmessage = (event) => this.note(() => this.messages.push(JSON.parse(String(event.data))));
    this.socket.onclose = (event) => this.note(() => (this.closed = event.code));
  }
  private note(change: () => void) {
    change();
    for (const wake of this.waiters.splice(0)) wake();
  }
  async until(done: () => boolean): Promise<void> {
    while (!done()) await new Promise<void>((wake) => this.waiters.push(wake));
  }
  get state(): RoomStateDto | undefined {
    return this.messages.findLast((message) => message.type === 'state')?.state;
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
    const versions = screen.messages.flatMap((message) => (message.type === 'state' ? [message.state.version] : []));
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
