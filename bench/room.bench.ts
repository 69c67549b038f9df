/**
 * Family rooms on the real server (loopback): how long a queue change takes to reach all 30
 * guests' sockets and the host's (p50, p99, from the add's request to the last screen); the
 * party: 30 guests adding 10 songs a minute each for ROOM_LOAD_MINUTES (default 10), with the
 * failed adds, the fan-out under that load and whether every screen ends with the server's
 * order; the server's memory per room (100 rooms of 10 guests and 50 songs); then, in Chromium,
 * the sync error of 3 listening devices against the schedule over ROOM_SYNC_SECONDS (default
 * 300). ONLY=queue or ONLY=sync runs one half. Exits 1 on a failed add or differing orders.
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { applyRoomChange } from '../src/shared/room-changes.ts';
import type { RoomEntryDto, RoomSocketMessage, RoomStateDto } from '../src/shared/schemas/room.ts';
import type { SongDto } from '../src/shared/types.ts';
import { sineWav } from '../src/e2e/player-fixtures.ts';
import { launchBrowser, waitForHydration } from '../src/testing/browser.ts';
import { benchLogin, printFigure, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';

const GUESTS = 30;
const LOAD_MINUTES = Number(process.env.ROOM_LOAD_MINUTES ?? 10);
const SYNC_SECONDS = Number(process.env.ROOM_SYNC_SECONDS ?? 300);
const ONLY = process.env.ONLY;
const server = await startBenchServer({ seed: (db) => seedCatalogue(db, { songs: 2000, albums: 20, playlists: 1 }), env: { TRUST_PROXY: 'true' } });
const admin = await benchLogin(server.url);
let address = 0;
let failed = false;
const load = () => `load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;

async function call(path: string, method: string, json: unknown, cookie?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server.url + path, { method, body: json === undefined ? undefined : JSON.stringify(json), headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}), ...headers } });
}
async function startRoom(songIds?: number[]): Promise<string> {
  const { code } = (await (await call('/api/rooms', 'POST', { songIds }, admin)).json()) as { code: string };
  await call(`/api/rooms/${code}`, 'PATCH', { addsPerMinute: 60, songsPerGuest: 200 }, admin);
  return code;
}
async function join(code: string, name: string): Promise<string> {
  address += 1;
  const response = await call(`/api/rooms/${code}/guests`, 'POST', { name }, undefined, { 'x-forwarded-for': `10.${address >> 16}.${(address >> 8) & 255}.${address & 255}` });
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** A screen as a phone's page keeps it: the whole state, each change applied, a catch-up at a gap; when it first held each entry. */
function screen(code: string, cookie: string) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/rooms/${code}/socket`, { headers: { cookie } } as never);
  const view = { state: undefined as RoomStateDto | undefined, socket, seen: new Map<string, number>(), catchUps: 0 };
  let catchingUp = false;
  const show = (state: RoomStateDto, entries: RoomStateDto['queue']) => {
    view.state = state;
    const now = performance.now();
    for (const { entryId } of entries) if (!view.seen.has(entryId)) view.seen.set(entryId, now);
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as RoomSocketMessage;
    if (message.type === 'state') {
      catchingUp = false;
      if (!view.state || view.state.version <= message.state.version) show(message.state, message.state.queue);
    } else if (message.type === 'change' && view.state && !catchingUp) {
      const next = applyRoomChange(view.state, message);
      if (next === null) {
        catchingUp = true;
        view.catchUps += 1;
        socket.send(JSON.stringify({ type: 'catch-up' }));
      } else if (next !== view.state) show(next, message.added ?? []);
    }
  };
  return view;
}
const until = async (done: () => boolean, timeoutMs = 60_000) => {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await Bun.sleep(2);
  }
  return true;
};

async function queueFigures(): Promise<void> {
  const code = await startRoom();
  const guests = await Promise.all(Array.from({ length: GUESTS }, (_, i) => join(code, `Guest ${i}`)));
  const screens = [screen(code, admin), ...guests.map((cookie) => screen(code, cookie))];
  await until(() => screens.every((view) => view.state?.guests.length === GUESTS));

  // Fan-out: one add at a time, timed from the request to the moment the last screen has it.
  const fanOut: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    const response = await call(`/api/rooms/${code}/queue`, 'POST', { songId: 1 + i }, guests[i % GUESTS]);
    const { entryId } = (await response.json()) as RoomEntryDto;
    await until(() => screens.every((view) => view.seen.has(entryId)));
    fanOut.push(Math.max(...screens.map((view) => view.seen.get(entryId)!)) - t0);
  }
  fanOut.sort((a, b) => a - b);
  printFigure(`queue change fan-out to ${GUESTS + 1} screens p50`, quantile(fanOut, 0.5), 'ms', undefined, '300 ms');
  printFigure(`queue change fan-out to ${GUESTS + 1} screens p99`, quantile(fanOut, 0.99), 'ms', undefined, '300 ms');

  // The party: each guest adds a song every 6 s, at staggered moments. Paused, so only the adds change the queue.
  await call(`/api/rooms/${code}/playback`, 'PUT', { paused: true }, admin);
  const errors: number[] = [];
  const added: { entryId: string; at: number }[] = [];
  const started = performance.now();
  await Promise.all(guests.map(async (cookie, g) => {
    for (let n = 0; n < LOAD_MINUTES * 10; n++) {
      await Bun.sleep(Math.max(0, started + g * 200 + n * 6000 - performance.now()));
      const at = performance.now();
      if (g === 0 && n % 10 === 0) console.log(`  party minute ${n / 10}: ${added.length} adds, ${errors.length} failed (${load()})`);
      const response = await call(`/api/rooms/${code}/queue`, 'POST', { songId: 1 + ((300 + g * 100 + n) % 2000) }, cookie);
      if (response.status === 201) added.push({ entryId: ((await response.json()) as RoomEntryDto).entryId, at });
      else errors.push(response.status);
    }
  }));
  const final = (await (await call(`/api/rooms/${code}`, 'GET', undefined, admin)).json()) as RoomStateDto;
  if (!(await until(() => screens.every((view) => view.state!.version === final.version), 30_000))) {
    const behind = screens.filter((view) => view.state!.version !== final.version);
    console.log(`  ${behind.length} screens never reached the last version ${final.version} (they hold ${behind.map((view) => view.state!.version).join(', ')}; sockets ${behind.map((view) => view.socket.readyState).join(', ')})`);
  }
  const orders = new Set([final, ...screens.map((view) => view.state!)].map((state) => state.queue.map((entry) => entry.entryId).join(',')));
  const reach = added.map(({ entryId, at }) => Math.max(...screens.map((view) => view.seen.get(entryId) ?? Number.POSITIVE_INFINITY)) - at).sort((a, b) => a - b);
  const label = `party ${LOAD_MINUTES} min (30 guests x 10 adds/min, ${final.queue.length} songs queued at the end)`;
  printFigure(`${label}: failed adds`, errors.length, 'requests', undefined, '0');
  printFigure(`${label}: fan-out p50`, quantile(reach, 0.5), 'ms', undefined, '300 ms');
  printFigure(`${label}: fan-out p99`, quantile(reach, 0.99), 'ms', undefined, '300 ms');
  printFigure(`${label}: distinct queue orders across the server and ${GUESTS + 1} screens`, orders.size, 'orders', undefined, '1');
  console.log(`  (${load()}; ${screens.reduce((sum, view) => sum + view.catchUps, 0)} catch-ups asked by the screens)`);
  if (errors.length > 0 || orders.size !== 1) failed = true;
  screens.forEach((view) => view.socket.close());

  // Memory: the server's RSS before and after 100 rooms of 10 guests and 50 queued songs each.
  const before = server.rssMb();
  for (let r = 0; r < 100; r++) {
    const room = await startRoom();
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => join(room, `Guest ${i}`)));
    for (let s = 0; s < 50; s++) await call(`/api/rooms/${room}/queue`, 'POST', { songId: 1 + s }, people[s % 10]);
  }
  printFigure('memory per room (10 guests, 50 songs)', ((server.rssMb() - before) * 1024) / 100, 'KiB');
}

/** Three Chromium devices choose "Play here too"; their audio position against the schedule, every 250 ms. */
async function syncFigures(): Promise<void> {
  const form = new FormData();
  form.set('status', 'published');
  form.set('file', new File([sineWav(SYNC_SECONDS + 60, 330)], 'room-sync.wav'));
  const song = (await (await fetch(`${server.url}/api/upload/audio`, { method: 'POST', body: form, headers: { cookie: admin, origin: server.url } })).json()) as SongDto;
  const code = await startRoom([song.id]);
  const browser = await launchBrowser();
  try {
    const pages: Page[] = [];
    for (const name of ['Kitchen', 'Living room', 'Phone']) {
      const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
      await page.goto(`${server.url}/room/${code}`);
      await waitForHydration(page);
      await page.getByLabel('Your name').fill(name);
      await page.getByRole('button', { name: 'Join' }).click();
      await page.getByRole('button', { name: 'Play here too' }).click();
      await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('audio[data-room-audio]')?.currentTime ?? 0) > 0);
      pages.push(page);
    }
    const { nowPlaying } = (await (await call(`/api/rooms/${code}`, 'GET', undefined, admin)).json()) as RoomStateDto;
    const errorMs = (page: Page) => page.evaluate((startedAt) => document.querySelector<HTMLAudioElement>('audio[data-room-audio]')!.currentTime * 1000 - (Date.now() - startedAt), nowPlaying!.startedAt);
    await Bun.sleep(5000); // the devices' first seek and pull-in, as the sync test's settling
    console.log(`  (${load()} at the start)`);
    const samples: number[] = [];
    const until = performance.now() + SYNC_SECONDS * 1000;
    while (performance.now() < until) {
      samples.push(...(await Promise.all(pages.map(errorMs))).map(Math.abs));
      await Bun.sleep(250);
    }
    samples.sort((a, b) => a - b);
    printFigure(`sync error of 3 listeners over ${SYNC_SECONDS} s (${samples.length} readings) p50`, quantile(samples, 0.5), 'ms', undefined, '20 ms');
    printFigure(`sync error of 3 listeners over ${SYNC_SECONDS} s p99`, quantile(samples, 0.99), 'ms', undefined, '20 ms');
    printFigure(`sync error of 3 listeners over ${SYNC_SECONDS} s max`, samples.at(-1)!, 'ms');
    console.log(`  (${load()} at the end)`);
  } finally {
    await browser.close();
  }
}

try {
  if (ONLY !== 'sync') await queueFigures();
  if (ONLY !== 'queue') await syncFigures();
} finally {
  await server.stop();
}
if (failed) process.exit(1);
