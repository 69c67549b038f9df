import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { API_CACHE } from '../shared/pwa.ts';
import { insertFillerSongs, insertSong } from '../testing/factories.ts';
import { releaseBrowser, sharedBrowser, waitForAsync } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { libraryRow as row } from './player-fixtures.ts';
import { WIDE, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

// The worker's copy of the library's pages, when the library changes while it is being read.
const FILLER = 2_500;

let server: TestServer;
let browser: Browser;
let kid: string;

beforeAll(async () => {
  server = await startTestServer();
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  insertFillerSongs(server.db, FILLER);
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

test('a song added while the worker copies the pages: the copy starts again, and offline the whole library is there', async () => {
  const opened = await openSignedIn(browser, server, kid, '/account', { viewport: WIDE, serviceWorkers: 'allow' });
  const { page, context } = opened;
  await page.goto(`${server.url}/account`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The first page read after the first one is answered from a newer library (a song sorting first).
  let added = false;
  await context.route('**/api/songs/page?after=*', async (route) => {
    if (!added) {
      added = true;
      insertSong(server.db, { title: 'Aardvark Lullaby' });
    }
    await route.continue();
  });
  await page.goto(`${server.url}/`);
  await row(page, 'Middle 0000').waitFor();
  const current = (await server.request('/api/songs/page', { cookie: kid })).headers.get('etag');
  await waitForAsync(page, async ([name, etag]) => (await (await (await caches.open(name)).match('/api/songs/page/offline-copy'))?.text()) === etag, [API_CACHE, current] as const);
  expect(added).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await row(page, 'Aardvark Lullaby').waitFor();
  // Scrolled down page after page to the last song, or until a page fails.
  const found = row(page, `Middle ${FILLER - 1}`).or(page.getByText('Failed to load songs'));
  await waitForAsync(page, async () => {
    window.scrollTo(0, document.body.scrollHeight);
    return document.body.textContent!.includes('Middle 2499') || document.body.textContent!.includes('Failed to load songs');
  }, null);
  await found.first().waitFor();
  expect(await page.getByText('Failed to load songs').count()).toBe(0);
  await context.close();
});
