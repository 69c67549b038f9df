import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { insertFillerSongs, insertSong } from '../testing/factories.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { libraryRow } from './player-fixtures.ts';
import { openSignedIn } from './signed-in.ts';

setDefaultTimeout(60_000);

// The library in pages while the catalogue changes: a song renamed between two pages, from
// before the cursor to after it, comes back in the later page; the list holds it once.
const FILLER = 300;

let server: TestServer;
let browser: Browser;
let admin: string;
let kid: string;
let first: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  first = insertSong(server.db, { title: 'Aaa First' }).id;
  insertFillerSongs(server.db, FILLER);
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

describe('the library in pages, renamed between pages', () => {
  test('a song renamed to a later page is one row, and the list is as long as the library', async () => {
    const opened = await openSignedIn(browser, server, kid, '/account');
    const { page, context, problems } = opened;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/songs/page' && url.searchParams.has('after'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`${server.url}/`);
    await libraryRow(page, 'Aaa First').waitFor();
    const renamed = await server.request(`/api/songs/${first}`, { method: 'PATCH', json: { title: 'Middle 0150 again' }, cookie: admin });
    expect(renamed.status).toBe(200);
    const secondPage = page.waitForResponse((response) => new URL(response.url()).searchParams.has('after'));
    release();
    await secondPage;
    const list = page.getByRole('list', { name: 'Songs' });
    // The last song is on the second (and last) page: once it shows, every page is in the list.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await libraryRow(page, 'Middle 0299').waitFor();
    expect(await list.getAttribute('data-count')).toBe(String(FILLER + 1));
    expect(problems).toEqual([]);
    await context.close();
  });
});
