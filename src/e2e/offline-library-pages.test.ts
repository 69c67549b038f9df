import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import type { SongDto } from '../shared/types.ts';
import { insertFillerSongs } from '../testing/factories.ts';
import { releaseBrowser, sharedBrowser, waitForAsync } from '../testing/browser.ts';
import { API_CACHE } from '../shared/pwa.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { libraryRow as row, sineWav } from './player-fixtures.ts';
import { uploadBytes } from './seed.ts';
import { WIDE, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

// The library offline, read in pages (GET /api/songs/page): a song kept on the device whose title
// sorts past the pages the screen asked for online is still in the list with the network off.
const FILLER = 1_500;

let server: TestServer;
let browser: Browser;
let admin: string;
let kid: string;
let kept: SongDto;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  kept = await uploadBytes(server, admin, 'campfire.wav', sineWav(5, 440), { title: 'Campfire Song', artist: 'Grandpa' });
  insertFillerSongs(server.db, FILLER);
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

describe('the paged library offline', () => {
  test('a kept song on a page never scrolled to online is in the library after an offline reload', async () => {
    const opened = await openSignedIn(browser, server, kid, '/account', { viewport: WIDE, serviceWorkers: 'allow' });
    const { page, context, problems } = opened;
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('button', { name: 'Options for Campfire Song' }).click();
    await page.getByRole('menuitem', { name: 'Make available offline' }).click();
    await expectToast(page, 'Available offline', '"Campfire Song" saved on this device');
    // Renamed: it now sorts last, on a page the first screens do not ask for.
    const renamed = await server.request(`/api/songs/${kept.id}`, { method: 'PATCH', json: { title: 'Zz Campfire Song' }, cookie: admin });
    expect(renamed.status).toBe(200);
    await page.reload();
    await row(page, 'Middle 0000').waitFor();
    // The worker copies the library's pages again beside the first page: wait for its new copy
    // (the last page holds the renamed song). The whole library is never read.
    await waitForAsync(
      page,
      async (name) => {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (!new URL(request.url).searchParams.has('after')) continue;
          if (((await (await cache.match(request))?.text()) ?? '').includes('Zz Campfire Song')) return true;
        }
        return false;
      },
      API_CACHE,
    );
    expect(await page.evaluate(async (name) => (await (await caches.open(name)).match('/api/songs')) === undefined, API_CACHE)).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await row(page, 'Middle 0000').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const found = row(page, 'Zz Campfire Song').or(page.getByText('Failed to load songs'));
    await found.first().waitFor();
    expect(await page.getByText('Failed to load songs').count()).toBe(0);
    await row(page, 'Zz Campfire Song').getByRole('img', { name: 'Available offline' }).waitFor();
    const unexpected = problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/.test(p));
    expect(unexpected).toEqual([]);
    await context.close();
  });
});
