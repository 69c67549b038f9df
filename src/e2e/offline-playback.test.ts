import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { KEPT_AUDIO_PARAM } from '../shared/pwa.ts';
import type { SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { installAudioSpy, sineWav, libraryRow as row } from './player-fixtures.ts';
import { uploadBytes } from './seed.ts';
import { type SignedInPage, WIDE, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(90_000);

// Test of music kept offline: a song made available offline plays and seeks with
// the network off (the service worker answers its ranges from hearth-offline-audio-v1), while
// a song not kept fails as the player does without a connection (docs/product.md, 'Connection Problem').
let server: TestServer;
let browser: Browser;
let kid: string;
let kept: SongDto;
let notKept: SongDto;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  // 60 s at 8 kHz (about 1 MiB): long enough that seeking near the end needs a range.
  kept = await uploadBytes(server, admin, 'campfire.wav', sineWav(60, 440), { title: 'Campfire Song', artist: 'Grandpa' });
  notKept = await uploadBytes(server, admin, 'lake.wav', sineWav(30, 523), { title: 'Lake at Dawn', artist: 'Grandpa' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

type Spied = { __audios: HTMLMediaElement[] };
const playingPast = (page: Page, seconds: number) =>
  page.waitForFunction((t) => (window as unknown as Spied).__audios.some((audio) => !audio.paused && audio.currentTime > t), seconds);

/** Requests the browser could not make offline are expected; anything else is a problem. */
const unexpected = (problems: string[]) => problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/.test(p));

async function close({ context, problems }: SignedInPage) {
  expect(unexpected(problems)).toEqual([]);
  await context.close();
}

/** Signed in on the library, the audio spy in place, and the page controlled by the worker. */
async function openControlled(): Promise<SignedInPage> {
  const opened = await openSignedIn(browser, server, kid, '/account', { viewport: WIDE, serviceWorkers: 'allow' });
  await installAudioSpy(opened.page);
  await opened.page.goto(`${server.url}/`);
  await opened.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await row(opened.page, 'Campfire Song').waitFor();
  return opened;
}

async function keep(page: Page, title: string) {
  await page.getByRole('button', { name: `Options for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Make available offline' }).click();
  await expectToast(page, 'Available offline', `"${title}" saved on this device`);
}

describe('music kept offline, played offline', () => {
  test('a song made available offline plays and seeks with the network off; a song not kept fails with Connection Problem', async () => {
    const opened = await openControlled();
    const { page, context } = opened;
    await keep(page, 'Campfire Song');

    await context.setOffline(true);
    await row(page, 'Campfire Song').click();
    await playingPast(page, 0.3);
    // Seek near the end: the worker cuts that range from the kept copy.
    await page.evaluate(() => {
      const audio = (window as unknown as Spied).__audios.find((element) => !element.paused)!;
      audio.currentTime = 50;
    });
    await playingPast(page, 50.3);
    // Addressed as the player addresses a kept song (unmarked song audio goes straight to the network).
    const ranged = await page.evaluate(async (url) => {
      const response = await fetch(url, { headers: { range: 'bytes=900000-900099' } });
      return { status: response.status, range: response.headers.get('content-range'), length: (await response.arrayBuffer()).byteLength };
    }, `${kept.audioUrl}?${KEPT_AUDIO_PARAM}`);
    expect(ranged).toEqual({ status: 206, range: `bytes 900000-900099/${kept.fileSize}`, length: 100 });
    expect(await page.getByTestId('toast').filter({ hasText: 'Connection Problem' }).count()).toBe(0);

    await row(page, 'Lake at Dawn').click();
    await expectToast(page, 'Connection Problem', 'Unable to load the song. Please check your internet connection and try again.');
    // Not a moment of it played.
    expect(await page.evaluate((url) => (window as unknown as Spied).__audios.some((audio) => audio.src.endsWith(url) && audio.currentTime > 0), notKept.audioUrl)).toBe(false);
    await close(opened);
  });

  test('after a reload offline (the offline app document), the kept song still plays and shows its badge', async () => {
    const opened = await openControlled();
    const { page, context } = opened;
    await keep(page, 'Campfire Song');
    // The worker keeps the song list once it controls the page (network-first): read it again.
    await page.reload();
    await row(page, 'Campfire Song').getByRole('img', { name: 'Available offline' }).waitFor();

    await context.setOffline(true);
    await page.reload();
    await row(page, 'Campfire Song').getByRole('img', { name: 'Available offline' }).waitFor();
    expect(await row(page, 'Lake at Dawn').getByRole('img', { name: 'Available offline' }).count()).toBe(0);
    await row(page, 'Campfire Song').click();
    await playingPast(page, 0.3);
    // Being offline is not a reason to drop anything: the sync waits for a connection.
    expect(await page.evaluate(async (url) => (await (await caches.open('hearth-offline-audio-v1')).match(url)) !== undefined, kept.audioUrl)).toBe(true);
    await close(opened);
  });

  test('online, a song not kept streams past the worker; a kept one comes from the worker', async () => {
    const opened = await openControlled();
    const { page } = opened;
    const audioResponse = (url: string) => page.waitForResponse((response) => new URL(response.url()).pathname === url && response.request().resourceType() === 'media');

    const streamed = audioResponse(notKept.audioUrl);
    await row(page, 'Lake at Dawn').click();
    expect((await streamed).fromServiceWorker()).toBe(false);
    await playingPast(page, 0.3);

    await keep(page, 'Campfire Song');
    const fromCopy = audioResponse(kept.audioUrl);
    await row(page, 'Campfire Song').click();
    expect((await fromCopy).fromServiceWorker()).toBe(true);
    await playingPast(page, 0.3);
    await close(opened);
  });
});
