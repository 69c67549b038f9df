import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { type Browser, type Page, chromium } from 'playwright-core';
import type { SongDto } from '../shared/types.ts';
import { CHROMIUM_EXECUTABLE, releaseBrowser, sharedBrowser, openPage } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { sineWav } from './player-fixtures.ts';
import { uploadBytes, uploadSong } from './seed.ts';
import { type SignedInPage, WIDE, openSignedIn, waitForPlayback } from './signed-in.ts';

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;
let kid: string;
let bedtime: SongDto;
let morning: SongDto;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  bedtime = await uploadSong(server, admin, 'tagged.mp3', { title: 'Bedtime' });
  // Played below, so it lasts 20 s: a 1 s tone ends, and the player stops and hides, within seconds,
  // and a loaded machine can read it later than that.
  morning = await uploadBytes(server, admin, 'morning.wav', sineWav(20, 440), { title: 'Morning', artist: 'Grandpa Joe' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const row = (page: Page, title: string) => page.getByRole('list', { name: 'Songs' }).getByRole('listitem').filter({ hasText: title });

async function close({ context, problems }: SignedInPage) {
  expect(problems).toEqual([]);
  await context.close();
}

describe('loading', () => {
  test("the song list is requested once, by the document's preload, and the island uses it", async () => {
    const opened = await openSignedIn(browser, server, kid, '/');
    await row(opened.page, 'Bedtime').waitFor();
    const reads = await opened.page.evaluate(() =>
      performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === '/api/songs/page').map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    );
    expect(reads).toEqual(['link']);
    await close(opened);
  });

  test('a failed load says so with the reason; Try Again loads the songs', async () => {
    const opened = await openPage(browser, { viewport: WIDE });
    const { page, context } = opened;
    const [name, value] = kid.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    await page.route('**/api/songs/page', (route) => route.fulfill({ status: 503, json: { error: 'The library is resting' } }));
    await page.goto(server.url + '/');
    await page.getByRole('heading', { name: 'Failed to load songs' }).waitFor();
    await page.getByText('The library is resting').waitFor();
    await page.unroute('**/api/songs/page');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await row(page, 'Bedtime').waitFor();
    expect(opened.problems.filter((problem) => !/status of 503/.test(problem))).toEqual([]);
    await context.close();
  });
});

describe('/?play={songId}', () => {
  test('starts that song within the library and resets the address to / without a new entry', async () => {
    const opened = await openSignedIn(browser, server, kid, `/?play=${morning.id}`);
    const { page } = opened;
    await page.getByRole('region', { name: 'Player' }).getByTestId('player-title').getByText('Morning').waitFor();
    await waitForPlayback(page);
    await page.waitForFunction(() => window.location.pathname + window.location.search === '/');
    expect(await page.evaluate(() => history.length)).toBe(2);
    expect(await row(page, 'Morning').getByRole('button').first().getAttribute('aria-current')).toBe('true');
    // The router agrees: Library is current, and choosing it again adds no entry.
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Library' }).click();
    expect(await page.evaluate(() => history.length)).toBe(2);
    await close(opened);
  });

  test('an unknown song only resets the address', async () => {
    const opened = await openSignedIn(browser, server, kid, '/?play=999999');
    await opened.page.waitForFunction(() => window.location.search === '');
    await row(opened.page, 'Bedtime').waitFor();
    expect(await opened.page.getByRole('region', { name: 'Player' }).count()).toBe(0);
    await close(opened);
  });

  test('where autoplay needs a gesture, the song waits in the player, paused, and a tap plays it', async () => {
    // Chromium's own policy: no --autoplay-policy flag (src/testing/browser.ts passes one).
    const strict = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const opened = await openPage(strict, { viewport: WIDE });
      const { page, context } = opened;
      const [name, value] = kid.split('=') as [string, string];
      await context.addCookies([{ name, value, url: server.url }]);
      // Playwright evaluates scripts as user gestures, which would unlock autoplay: until the
      // app has tried to play, only watch (the console), never evaluate.
      await context.addInitScript(() => {
        const play = HTMLMediaElement.prototype.play;
        HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
          const attempt = play.call(this);
          attempt.then(
            () => console.info('play: allowed'),
            (error: Error) => console.info(`play: ${error.name}`),
          );
          return attempt;
        };
      });
      const attempt = page.waitForEvent('console', (message) => message.text().startsWith('play: '));
      await page.goto(`${server.url}/?play=${bedtime.id}`);
      expect((await attempt).text()).toBe('play: NotAllowedError');
      const bar = page.getByRole('region', { name: 'Player' });
      await bar.getByTestId('player-title').getByText('Bedtime').waitFor();
      await page.waitForFunction(() => window.location.search === '');
      expect(await bar.getByRole('button', { name: 'Play' }).isVisible()).toBe(true);
      expect(await page.getByTestId('player-progress').evaluate((el) => (el as HTMLElement).style.width)).toBe('0%');
      await bar.getByRole('button', { name: 'Play' }).click();
      await waitForPlayback(page);
      await close(opened);
    } finally {
      await strict.close();
    }
  });
});
