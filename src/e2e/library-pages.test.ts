import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { SongDto } from '../shared/types.ts';
import { insertFillerSongs } from '../testing/factories.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { libraryRow, sineWav } from './player-fixtures.ts';
import { uploadBytes, uploadSong } from './seed.ts';
import { type SignedInPage, expectToast, openSignedIn, waitForPlayback } from './signed-in.ts';

setDefaultTimeout(60_000);

// A library of a few pages (GET /api/songs/page): the first rows come from one small page, the
// rest load as the list scrolls, and a song on the last page plays and has its menu.
const FILLER = 2_400;

let server: TestServer;
let browser: Browser;
let kid: string;
let late: SongDto;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  await uploadSong(server, admin, 'tagged.mp3', { title: 'Aaa First' });
  // Played below, so it lasts 20 s: a 1 s tone ends, and the player stops and hides, within seconds,
  // and a loaded machine can read it later than that.
  late = await uploadBytes(server, admin, 'late.wav', sineWav(20, 440), { title: 'Zz Late Lullaby' });
  insertFillerSongs(server.db, FILLER);
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const list = (page: Page) => page.getByRole('list', { name: 'Songs' });

/** The library reads the page makes, as paths with their query. */
function trackReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/songs') && !/\/\d+/.test(url.pathname)) reads.push(url.pathname + url.search);
  });
  return reads;
}

async function scrollToEnd(page: Page, title: string) {
  // The list is as tall as the whole library at once; the pages before the end load in turn.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await libraryRow(page, title).waitFor();
}

async function close({ context, problems }: SignedInPage, allowed: RegExp[] = []) {
  expect(problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)))).toEqual([]);
  await context.close();
}

describe('the library in pages', () => {
  test('the first rows come from one small page; scrolling to the end loads the rest, never the whole list', async () => {
    const opened = await openSignedIn(browser, server, kid, '/');
    const { page } = opened;
    const reads = trackReads(page);
    await libraryRow(page, 'Aaa First').waitFor();
    // The whole library's length from the first page: the list is as long as the library.
    expect(await list(page).getAttribute('data-count')).toBe(String(FILLER + 2));
    expect(await list(page).getByRole('listitem').count()).toBeLessThan(60);
    await scrollToEnd(page, 'Zz Late Lullaby');
    expect(await list(page).getByRole('listitem').count()).toBeLessThan(60);
    const after = reads.filter((read) => read.includes('after='));
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect(reads.filter((read) => read === '/api/songs' || read.startsWith('/api/songs?'))).toEqual([]);
    await close(opened);
  });

  test('a song loaded late plays with the library as its queue, and its options menu works', async () => {
    const opened = await openSignedIn(browser, server, kid, '/');
    const { page } = opened;
    await libraryRow(page, 'Aaa First').waitFor();
    await scrollToEnd(page, 'Zz Late Lullaby');
    await libraryRow(page, 'Zz Late Lullaby').click();
    const player = page.getByRole('region', { name: 'Player' });
    await player.getByTestId('player-title').getByText('Zz Late Lullaby').waitFor();
    await waitForPlayback(page);
    expect(await libraryRow(page, 'Zz Late Lullaby').getAttribute('aria-current')).toBe('true');
    // The last song of the library: nothing after it in the queue, the songs before it are there.
    await player.getByRole('button', { name: 'Full screen: Zz Late Lullaby' }).click();
    const full = page.getByRole('dialog', { name: 'Now Playing' });
    expect(await full.getByRole('button', { name: 'Previous' }).isEnabled()).toBe(true);
    expect(await full.getByRole('button', { name: 'Next' }).isEnabled()).toBe(false);
    await page.keyboard.press('Escape');
    await full.waitFor({ state: 'detached' });
    const row = list(page).getByRole('listitem').filter({ hasText: 'Zz Late Lullaby' });
    await row.getByRole('button', { name: 'Options for Zz Late Lullaby' }).click();
    await page.getByRole('menuitem', { name: 'Add to Favourites' }).click();
    await expectToast(page, 'Added to Favourites');
    await close(opened);
  });

  test('a later page that fails says so in the list, and Try Again loads it', async () => {
    const opened = await openSignedIn(browser, server, kid, '/');
    const { page } = opened;
    await page.route('**/api/songs/page?*', (route) => route.fulfill({ status: 503, json: { error: 'The library is resting' } }));
    await libraryRow(page, 'Aaa First').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await list(page).getByText('Failed to load songs').waitFor();
    await page.unroute('**/api/songs/page?*');
    await list(page).getByRole('button', { name: 'Try Again' }).click();
    await scrollToEnd(page, 'Zz Late Lullaby');
    await close(opened, [/status of 503/]);
  });

  test('/?play= of a song past a page that failed plays it once Try Again loads that page', async () => {
    const opened = await openSignedIn(browser, server, kid, '/account');
    const { page } = opened;
    await page.route('**/api/songs/page?*', (route) => route.fulfill({ status: 503, json: { error: 'The library is resting' } }));
    await page.goto(`${server.url}/?play=${late.id}`);
    await libraryRow(page, 'Aaa First').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await list(page).getByText('Failed to load songs').waitFor();
    await page.unroute('**/api/songs/page?*');
    await list(page).getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('region', { name: 'Player' }).getByTestId('player-title').getByText('Zz Late Lullaby').waitFor();
    await page.waitForFunction(() => window.location.search === '');
    await close(opened, [/status of 503/]);
  });

  test('/?play= of a song on a later page loads the pages up to it and plays it', async () => {
    const opened = await openSignedIn(browser, server, kid, `/?play=${late.id}`);
    const { page } = opened;
    await page.getByRole('region', { name: 'Player' }).getByTestId('player-title').getByText('Zz Late Lullaby').waitFor();
    await waitForPlayback(page);
    await page.waitForFunction(() => window.location.search === '');
    await libraryRow(page, 'Zz Late Lullaby').waitFor();
    await close(opened);
  });
});
