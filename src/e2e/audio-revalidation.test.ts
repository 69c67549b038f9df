import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser, waitForHydration, watchConsole } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { installAudioSpy, sineWav, libraryRow as row } from './player-fixtures.ts';
import { uploadBytes } from './seed.ts';
import { WIDE, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(90_000);

// A song a browser has played is asked for again at its next play (Cache-Control no-cache with
// an ETag), so unpublishing it reaches a child's browser that already has its bytes, with the
// service worker in control of the page.
let server: TestServer;
let browser: Browser;
let admin: string;
let kid: string;
let campfire: SongDto;
let lake: SongDto;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  campfire = await uploadBytes(server, admin, 'campfire.wav', sineWav(4, 440), { title: 'Campfire Song', artist: 'Grandpa' });
  lake = await uploadBytes(server, admin, 'lake.wav', sineWav(4, 523), { title: 'Lake at Dawn', artist: 'Grandpa' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

type Spied = { __audios: HTMLMediaElement[] };
/** An element playing `path` has got past `seconds`. */
const playingPast = (page: Page, path: string, seconds: number) =>
  page.waitForFunction(
    ([p, t]) => (window as unknown as Spied).__audios.some((audio) => !audio.paused && audio.currentTime > t && new URL(audio.src).pathname === p),
    [path, seconds] as const,
  );

/** Signed in on the library in a new tab of `context`, the audio spy in place, the worker in control. */
async function openLibrary(context: BrowserContext) {
  const page = await context.newPage();
  const problems = watchConsole(page);
  await installAudioSpy(page);
  await page.goto(`${server.url}/`);
  await waitForHydration(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await row(page, 'Campfire Song').waitFor();
  return { page, problems };
}

describe('a song already played, then unpublished', () => {
  test('does not play at its next play: the browser asks again and gets the 404', async () => {
    const opened = await openSignedIn(browser, server, kid, '/account', { viewport: WIDE, serviceWorkers: 'allow' });
    const { context } = opened;
    // Played in one tab (the browser's cache now holds its bytes), then that tab is closed:
    // Chromium's media player keeps its own copy per tab for a few minutes, the HTTP cache longer.
    const first = await openLibrary(context);
    await row(first.page, 'Campfire Song').click();
    await playingPast(first.page, campfire.audioUrl, 1);
    await row(first.page, 'Lake at Dawn').click();
    await playingPast(first.page, lake.audioUrl, 0.5);
    expect(first.problems).toEqual([]);
    // The app open in another tab, its library read while the song was still published.
    const { page, problems } = await openLibrary(context);
    await first.page.close();
    await opened.page.close();

    const unpublished = await server.request(`/api/songs/${campfire.id}/status`, { method: 'PATCH', json: { status: 'pending' }, cookie: admin });
    expect(unpublished.status).toBe(200);
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === campfire.audioUrl) statuses.push(response.status());
    });
    await row(page, 'Campfire Song').click();
    await expectToast(page, 'Connection Problem', 'Unable to load the song. Please check your internet connection and try again.');
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 404)).toBe(true);
    const elements = await page.evaluate(
      (p) =>
        (window as unknown as Spied).__audios
          .filter((audio) => new URL(audio.src).pathname === p)
          .map((audio) => ({ played: audio.currentTime > 0 || audio.readyState >= 2, error: audio.error?.code ?? null })),
      campfire.audioUrl,
    );
    expect(elements.length).toBeGreaterThan(0);
    expect(elements.every((audio) => !audio.played && audio.error !== null)).toBe(true);
    expect(problems.filter((problem) => !/404/.test(problem))).toEqual([]);
    await context.close();
  });
});
