import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { openPage, releaseBrowser, sharedBrowser, waitForHydration } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { sineWav, uploadBytes } from './player-fixtures.ts';
import { PHONE } from './signed-in.ts';

setDefaultTimeout(240_000);

// Listening together in Chromium: three devices choose "Play here too" and their audio positions,
// sampled against the server's schedule (the server and the browser share this machine's clock),
// stay near it (median within 20 ms); a phone that reloads and plays again is in step within 2 s.
const SAMPLE_MS = Number(process.env.HEARTH_ROOM_SYNC_MS ?? 120_000);
let server: TestServer;
let browser: Browser;
let code: string;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  const admin = await server.signUp('admin', { isAdmin: true });
  const mum = await server.signUp('mum');
  const songs = [];
  for (const [i, title] of ['Long Sine', 'Longer Sine'].entries()) songs.push(await uploadBytes(server, admin, `${i}.wav`, sineWav(150, 300 + i * 50), { title }));
  ({ code } = await (await server.request('/api/rooms', { method: 'POST', cookie: mum, json: { songIds: songs.map((song) => song.id) } })).json());
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

async function listener(name: string): Promise<Page> {
  const { page } = await openPage(browser, { viewport: PHONE });
  await page.goto(`${server.url}/room/${code}`);
  await waitForHydration(page);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join' }).click();
  await page.getByRole('button', { name: 'Play here too' }).click();
  await page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-room-audio]');
    return audio !== null && !audio.paused && audio.currentTime > 0;
  });
  return page;
}

/** This device's position minus the schedule's, in ms (startedAt is on the server's clock). */
async function errorMs(page: Page): Promise<number> {
  const { nowPlaying } = await (await server.request(`/api/rooms/${code}`, { cookie: await passOf(page) })).json();
  return page.evaluate((startedAt) => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-room-audio]')!;
    return audio.currentTime * 1000 - (Date.now() - startedAt);
  }, nowPlaying.startedAt as number);
}
const passOf = async (page: Page) => (await page.context().cookies()).filter((cookie) => cookie.name === 'hearth_room').map((cookie) => `${cookie.name}=${cookie.value}`)[0]!;

/** Until every device is within `limitMs` of the schedule three readings running, or `withinMs` passes. */
async function settles(pages: Page[], limitMs: number, withinMs: number): Promise<number> {
  const started = Date.now();
  for (let inStep = 0; ; ) {
    const errors = await Promise.all(pages.map(errorMs));
    inStep = errors.every((error) => Math.abs(error) <= limitMs) ? inStep + 1 : 0;
    if (inStep === 3) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`still off by ${errors.map((error) => error.toFixed(1)).join(', ')} ms`);
    await pages[0]!.waitForTimeout(100);
  }
}

describe('listening together', () => {
  test('three devices keep to the schedule (median within 20 ms), and a phone that reloads is back within 2 s', async () => {
    const pages = [await listener('Kitchen'), await listener('Living room'), await listener('Phone')];
    await settles(pages, 20, 10_000);
    const samples: number[] = [];
    const until = Date.now() + SAMPLE_MS;
    while (Date.now() < until) {
      samples.push(...(await Promise.all(pages.map(errorMs))).map(Math.abs));
      await pages[0]!.waitForTimeout(250);
    }
    samples.sort((a, b) => a - b);
    const p99 = samples[Math.floor(samples.length * 0.99)]!;
    console.log(`sync error over ${SAMPLE_MS / 1000} s: p50 ${samples[Math.floor(samples.length / 2)]!.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${samples.at(-1)!.toFixed(1)} ms`);
    // The typical reading is within 20 ms. On a busy two-core machine a starved renderer lags now
    // and then (the figures above say how far); it must be pulled back within 2 s.
    expect(samples[Math.floor(samples.length / 2)]!).toBeLessThanOrEqual(20);
    expect(await settles(pages, 20, 2000)).toBeLessThanOrEqual(2000);

    // The phone reloads (a new connection, a new clock reading): playing again, it is in step within 2 s.
    const phone = pages[2]!;
    await phone.reload();
    await waitForHydration(phone);
    await phone.getByRole('button', { name: 'Play here too' }).click();
    const clickedAt = Date.now();
    await settles([phone], 20, 2000);
    expect(Date.now() - clickedAt).toBeLessThanOrEqual(2000);
  });
});
