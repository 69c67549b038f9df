import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { openPage, releaseBrowser, sharedBrowser, waitForHydration } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { audioState, installAudioSpy, sineWav } from './player-fixtures.ts';
import { uploadBytes } from './seed.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { KEEP_ROOM_SOCKETS } from './room-sockets.ts';
import { PHONE, WIDE, inEachLook, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

// The family room in Chromium: the host starts it from the full player, guests without an
// account join by its link on their own phones (one browser context each), add songs and see
// every change on every screen; the host removes a guest and ends the room.
let server: TestServer;
let browser: Browser;
let mum: string;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('admin', { isAdmin: true });
  mum = await server.signUp('mum');
  for (const [i, title] of ['Happy Birthday', 'Dancing Queen', 'Yellow Submarine', 'Mr Blue Sky', 'A Very Long Song Title That Will Not Fit On A Phone Screen At All'].entries()) {
    await uploadBytes(server, admin, `${i}.wav`, sineWav(20, 220 + i * 40), { title, artist: 'The Family Band' });
  }
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const queueOf = (page: Page) => page.locator('[data-room-queue] li').allInnerTexts();

/** A guest's phone: a fresh context with no account, on the room's link, hydrated. */
async function guestPhone(url: string) {
  const { page, problems } = await openPage(browser, { viewport: PHONE });
  await page.goto(url);
  await waitForHydration(page);
  return { page, problems };
}

async function joinAs(page: Page, name: string) {
  await page.getByRole('heading', { name: 'Join the family room' }).waitFor();
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join' }).click();
  await page.getByRole('heading', { name: 'Family room', exact: true }).waitFor();
}

async function addSong(page: Page, query: string, title: string) {
  await page.getByRole('searchbox', { name: 'Search songs to add' }).fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Add ${title}` }).click();
  await page.getByRole('button', { name: `Add ${title}` }).filter({ hasText: 'Added' }).waitFor();
}

describe('family room', () => {
  test('started from the player, joined by link without an account; every screen shows the same queue', async () => {
    const host = await openSignedIn(browser, server, mum, '/', { viewport: WIDE });
    await installAudioSpy(host.page);
    await host.page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: /^Happy Birthday/ }).click();
    await host.page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Full screen: Happy Birthday' }).click();
    await host.page.getByRole('dialog', { name: 'Now Playing' }).getByRole('button', { name: 'Start a family room' }).click();

    // The QR code opens full-screen, read from the server's SVG.
    const qr = host.page.getByRole('dialog', { name: 'Scan to join the family room' });
    await qr.waitFor();
    await host.page.waitForFunction(() => (document.querySelector<HTMLImageElement>('img[alt^="QR code for"]')?.naturalWidth ?? 0) > 0);
    const code = new URL(host.page.url()).pathname.split('/').at(-1)!;
    expect(await qr.innerText()).toContain(`${server.url}/room/${code}`);
    await qr.getByRole('button', { name: 'Close' }).click();
    await host.page.getByText('Happy Birthday').first().waitFor();
    // Paused, the schedule stands still while the guests arrive (the songs are 20 s long).
    await host.page.getByRole('button', { name: 'Pause' }).click();
    await host.page.getByRole('button', { name: 'Play', exact: true }).waitFor();

    const granny = await guestPhone(`${server.url}/room/${code}`);
    await joinAs(granny.page, 'Granny <b>Rose</b>');
    const theo = await guestPhone(`${server.url}/room/${code.toLowerCase()}`);
    await joinAs(theo.page, 'Theo');
    await host.page.getByRole('button', { name: 'Remove Theo' }).waitFor();

    const before = (await queueOf(host.page)).length;
    await Promise.all([addSong(granny.page, 'danc', 'Dancing Queen'), addSong(theo.page, 'yellow', 'Yellow Submarine'), addSong(host.page, 'blue', 'Mr Blue Sky')]);
    const screens = [host.page, granny.page, theo.page];
    for (const page of screens) await page.waitForFunction((count) => document.querySelectorAll('[data-room-queue] li').length === count, before + 3);
    const order = await queueOf(host.page);
    for (const page of screens) expect(await queueOf(page)).toEqual(order);
    // The name shows as the letters typed, never as markup.
    expect(order.join('\n')).toContain('added by Granny <b>Rose</b>');
    expect(await granny.page.locator('[data-room-queue] b').count()).toBe(0);

    // The host moves a song up; every screen follows.
    const last = order.at(-1)!.split('\n').find((line) => /Queen|Submarine|Sky/.test(line))!;
    await host.page.getByRole('button', { name: `Move ${last} up` }).last().click();
    await granny.page.waitForFunction(([title, at]) => document.querySelectorAll('[data-room-queue] li')[at]?.textContent?.includes(title), [last, before + 1] as const);

    // The guest's name stays on the phone for the next time.
    const again = await granny.page.context().newPage();
    await again.goto(`${server.url}/room/${code}`);
    await waitForHydration(again);
    await again.getByRole('heading', { name: 'Family room', exact: true }).waitFor();

    // Taken out by the host, Theo's screen says so; the others carry on.
    await host.page.getByRole('button', { name: 'Remove Theo' }).click();
    await theo.page.getByRole('heading', { name: 'The host has taken you out of this room' }).waitFor();

    await host.page.getByRole('button', { name: 'End room' }).click();
    await granny.page.getByRole('heading', { name: 'This room has ended, or the code is wrong' }).waitFor();
    for (const problems of [host.problems, granny.problems]) expect(problems.filter((line) => !/WebSocket|Failed to load resource/.test(line))).toEqual([]);
  });

  test('a phone that misses a change asks for the whole room and shows every song, in order', async () => {
    const { code } = await (await server.request('/api/rooms', { method: 'POST', cookie: mum, json: {} })).json();
    const songs = (await (await server.request('/api/songs', { cookie: mum })).json()) as { id: number; title: string }[];
    const add = async (title: string) => expect((await server.request(`/api/rooms/${code}/queue`, { method: 'POST', cookie: mum, json: { songId: songs.find((song) => song.title === title)!.id } })).status).toBe(201);
    const { page } = await openPage(browser, { viewport: PHONE });
    // The phone's network loses the change that adds Mr Blue Sky; what the phone sends goes through.
    const lost: string[] = [];
    const sent: string[] = [];
    const live = Promise.withResolvers<void>();
    await page.routeWebSocket(/\/socket$/, (socket) => {
      const toServer = socket.connectToServer();
      socket.onMessage((message) => {
        sent.push(String(message));
        toServer.send(message);
      });
      toServer.onMessage((message) => {
        const text = String(message);
        if (lost.length === 0 && text.includes('"type":"change"') && text.includes('Mr Blue Sky')) return void lost.push(text);
        socket.send(message);
        live.resolve();
      });
    });
    await page.goto(`${server.url}/room/${code}`);
    await waitForHydration(page);
    await joinAs(page, 'Ada');
    // The room shows from its GET answer first; the changes are the socket's once its state came.
    await live.promise;
    await add('Mr Blue Sky');
    await add('Dancing Queen');
    await page.waitForFunction(() => document.querySelectorAll('[data-room-queue] li').length === 2);
    expect(lost.length).toBe(1);
    expect(sent.map((text) => JSON.parse(text).type)).toContain('catch-up');
    expect(await page.locator('[data-room-queue] li p:first-child').allInnerTexts()).toEqual(['Mr Blue Sky', 'Dancing Queen']);
  });

  test('a phone offline while the host takes it out or ends the room says so once back online', async () => {
    const { code } = await (await server.request('/api/rooms', { method: 'POST', cookie: mum, json: {} })).json();
    const songs = (await (await server.request('/api/songs', { cookie: mum })).json()) as { id: number; title: string }[];
    const phones: Page[] = [];
    for (const name of ['Ada', 'Bea']) {
      const { page } = await openPage(browser, { viewport: PHONE });
      await page.addInitScript(KEEP_ROOM_SOCKETS);
      await page.goto(`${server.url}/room/${code}`);
      await waitForHydration(page);
      await joinAs(page, name);
      phones.push(page);
    }
    // A song added now reaches both phones over their sockets: both are live.
    expect((await server.request(`/api/rooms/${code}/queue`, { method: 'POST', cookie: mum, json: { songId: songs.find((song) => song.title === 'Dancing Queen')!.id } })).status).toBe(201);
    for (const page of phones) await page.locator('[data-room-queue] li').first().waitFor();
    const offline = async (page: Page) => {
      await page.context().setOffline(true);
      await page.evaluate(() => (window as unknown as { roomSockets: WebSocket[] }).roomSockets.forEach((socket) => socket.close()));
      await page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor();
    };
    const [ada, bea] = phones as [Page, Page];
    await offline(bea);
    const { guests } = await (await server.request(`/api/rooms/${code}`, { cookie: mum })).json();
    const beaId = guests.find((guest: { name: string }) => guest.name === 'Bea').guestId;
    expect((await server.request(`/api/rooms/${code}/guests/${beaId}`, { method: 'DELETE', cookie: mum })).status).toBe(204);
    await bea.context().setOffline(false);
    await bea.getByRole('heading', { name: 'The host has taken you out of this room' }).waitFor({ timeout: 15_000 });

    await offline(ada);
    expect((await server.request(`/api/rooms/${code}`, { method: 'DELETE', cookie: mum })).status).toBe(204);
    await ada.context().setOffline(false);
    await ada.getByRole('heading', { name: 'This room has ended, or the code is wrong' }).waitFor({ timeout: 15_000 });
  });

  test('a wrong code gets a clear page; a guest reaches no other page', async () => {
    const guest = await guestPhone(`${server.url}/room/NOPE99`);
    await guest.page.getByRole('heading', { name: 'This room has ended, or the code is wrong' }).waitFor();
    const { code } = await (await server.request('/api/rooms', { method: 'POST', cookie: mum, json: {} })).json();
    await guest.page.goto(`${server.url}/room/${code}`);
    await waitForHydration(guest.page);
    await joinAs(guest.page, 'Ada');
    // The name typed last time is filled in on this phone.
    const { code: next } = await (await server.request('/api/rooms', { method: 'POST', cookie: mum, json: {} })).json();
    await guest.page.goto(`${server.url}/room/${next}`);
    await waitForHydration(guest.page);
    await guest.page.getByRole('heading', { name: 'Join the family room' }).waitFor();
    // Filled in from the device's storage as the form first shows, not a moment later.
    expect(await guest.page.getByLabel('Your name').inputValue()).toBe('Ada');
    await guest.page.getByRole('button', { name: 'Join' }).click();
    await guest.page.getByRole('heading', { name: 'Family room', exact: true }).waitFor();
    // The room fits every look, a long title and all, for the host and the guest.
    await addSong(guest.page, 'long', 'A Very Long Song Title That Will Not Fit On A Phone Screen At All');
    const host = await openSignedIn(browser, server, mum, `/room/${next}`);
    await host.page.getByRole('button', { name: 'Remove Ada' }).waitFor();
    for (const page of [guest.page, host.page]) {
      await page.locator('[data-room-queue] li').first().waitFor();
      await inEachLook(page, async (look) => expect([look, await checkLayout(page)]).toEqual([look, CLEAN_LAYOUT]));
    }
    // Offline on a phone, 'Reconnecting…' takes a line of its own: the code guests type stays whole.
    await host.page.setViewportSize(PHONE);
    await host.context.setOffline(true);
    await host.page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor();
    const whole = (code: HTMLElement) => code.parentElement!.scrollWidth <= code.parentElement!.clientWidth && code.getBoundingClientRect().right <= code.parentElement!.getBoundingClientRect().right;
    expect(await host.page.locator('main header').getByText(next, { exact: true }).evaluate(whole)).toBe(true);
    expect(await checkLayout(host.page)).toEqual(CLEAN_LAYOUT);
    await host.context.close();
    for (const path of ['/playlists', '/albums', '/search', '/admin']) {
      await guest.page.goto(server.url + path);
      expect([path, new URL(guest.page.url()).pathname]).toEqual([path, '/login']);
    }
  });

  test("the host's device keeps playing the song it started the room with, in step, through a reload", async () => {
    // The server's clock is 3 s ahead of the devices', as a phone's may be: the device reads it over the room's link.
    server.advance(3000);
    const host = await openSignedIn(browser, server, mum, '/', { viewport: WIDE });
    await installAudioSpy(host.page);
    await host.page.reload();
    await waitForHydration(host.page);
    await host.page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: /^Dancing Queen/ }).click();
    await host.page.waitForFunction(() => (window as unknown as { __audios: HTMLMediaElement[] }).__audios.some((audio) => !audio.paused && audio.currentTime > 3));
    const position = (await audioState(host.page))!.time;
    await host.page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Full screen: Dancing Queen' }).click();
    await host.page.getByRole('dialog', { name: 'Now Playing' }).getByRole('button', { name: 'Start a family room' }).click();
    await host.page.getByRole('dialog', { name: 'Scan to join the family room' }).waitFor();
    const code = new URL(host.page.url()).pathname.split('/').at(-1)!;

    // No second tap: the room's song plays here, going on from where the player was.
    const { nowPlaying } = await (await server.request(`/api/rooms/${code}`, { cookie: mum })).json();
    expect(nowPlaying.title).toBe('Dancing Queen');
    expect(server.now() - nowPlaying.startedAt).toBeGreaterThanOrEqual(position * 1000);
    await host.page.getByRole('dialog', { name: 'Scan to join the family room' }).getByRole('button', { name: 'Close' }).click();
    await host.page.getByRole('button', { name: 'Stop playing here' }).waitFor();
    expect(await host.page.getByRole('button', { name: 'Stop playing here' }).getAttribute('aria-pressed')).toBe('true');
    await inStep(host.page, code, String(nowPlaying.songId));

    // The host's reload keeps this device playing with the room.
    await host.page.reload();
    await waitForHydration(host.page);
    await host.page.getByRole('button', { name: 'Stop playing here' }).waitFor();
    await inStep(host.page, code, String(nowPlaying.songId));
  });
});

/** The page's room audio plays `songId` within 20 ms of the room's schedule, three readings running. */
async function inStep(page: Page, code: string, songId: string) {
  for (let inRow = 0, tries = 0; inRow < 3; tries++) {
    if (tries > 100) throw new Error('the room audio is not in step with the schedule');
    await page.waitForTimeout(100);
    const { nowPlaying } = await (await server.request(`/api/rooms/${code}`, { cookie: mum })).json();
    // The schedule's start on the browser's clock (this process shares it).
    const startedAt = (nowPlaying.startedAt as number) - (server.now() - Date.now());
    const reading = await page.evaluate((startedAt) => {
      const audio = document.querySelector<HTMLAudioElement>('audio[data-room-audio]');
      return audio && !audio.paused ? { songId: audio.dataset.songId, errorMs: audio.currentTime * 1000 - (Date.now() - startedAt) } : null;
    }, startedAt);
    inRow = reading?.songId === songId && Math.abs(reading.errorMs) <= 20 ? inRow + 1 : 0;
  }
}
