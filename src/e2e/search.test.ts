import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { openPage, releaseBrowser, sharedBrowser, waitForHydration } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { sineWav } from './player-fixtures.ts';
import { createAlbum, uploadBytes, uploadSong } from './seed.ts';
import { type SignedInPage, PHONE, inEachLook, openSignedIn, expectToast, waitForPlayback } from './signed-in.ts';

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let kid: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  await uploadSong(server, admin, 'tone.ogg', { title: 'Lullaby Moon', artist: 'Gran' });
  // Played below, so it lasts 20 s: a 1 s tone ends, and the player stops and hides, within seconds,
  // and a loaded machine can read it later than that.
  await uploadBytes(server, admin, 'lullaby-sun.wav', sineWav(20, 440), { title: 'Lullaby Sun', artist: 'Grandpa Joe' });
  await uploadSong(server, admin, 'tone.wav', { title: 'Morning Song' });
  const album = await createAlbum(server, admin, 'Sleepy Time Favourites for the Whole Family, Volume Two');
  await uploadSong(server, admin, 'tagged.mp3', {
    title: 'Twinkle Twinkle Little Star (The Extended Kitchen Choir Version)',
    artist: 'Grandma Rose and the Kitchen Choir of Upper Puddleton',
    albumId: album.id,
  });
  const kitchen = await createAlbum(server, admin, 'Kitchen Table Songs');
  await uploadSong(server, admin, 'tagged.mp3', { title: 'Porridge Song', artist: 'Grandma Rose and the Kitchen Choir of Upper Puddleton', albumId: kitchen.id });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const box = (page: Page) => page.getByPlaceholder('Search music...');
const results = (page: Page) => page.getByRole('list', { name: 'Results' });

/** Every search request the page makes, by its q. */
function searches(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/search') seen.push(url.searchParams.get('q')!);
  });
  return seen;
}

async function close({ context, problems }: SignedInPage, allowed: RegExp[] = []) {
  expect(problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)))).toEqual([]);
  await context.close();
}

describe('search', () => {
  test('from the library: focused box, typing finds hits under Music with a count, the address keeps ?q=, Back returns', async () => {
    const opened = await openSignedIn(browser, server, kid, '/');
    const { page } = opened;
    await page.getByRole('link', { name: 'Search' }).click();
    await box(page).waitFor();
    expect(await box(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('Start typing to search').waitFor();
    expect(await page.getByRole('button', { name: 'Toggle theme' }).isVisible()).toBe(true);
    const entries = await page.evaluate(() => history.length);
    await box(page).pressSequentially('lullaby', { delay: 40 });
    await page.getByRole('heading', { name: 'Music 2' }).waitFor();
    expect(await results(page).getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Lullaby Moon\nGran\n0:01$/),
      expect.stringMatching(/^Lullaby Sun\nGrandpa Joe\n0:20$/),
    ]);
    await page.waitForFunction(() => window.location.search === '?q=lullaby');
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await close(opened);
  });

  test('debounced: one request for what was typed, trimmed; a blank box sends nothing', async () => {
    const opened = await openSignedIn(browser, server, admin, '/search');
    const { page } = opened;
    const sent = searches(page);
    // Typed on a paused clock, then the 300 ms pass: on a loaded machine real keystrokes 40 ms
    // apart can land further apart than the debounce. Time flows again for the answer.
    await page.clock.install();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await box(page).pressSequentially('  morn ', { delay: 40 });
    await page.clock.runFor(300);
    await page.clock.resume();
    await results(page).getByText('Morning Song').waitFor();
    expect(sent).toEqual(['morn']);
    await box(page).fill('   ');
    await page.getByText('Start typing to search').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await box(page).inputValue()).toBe('');
    expect(await box(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: 'Clear search' }).count()).toBe(0);
    await box(page).fill('morni');
    await results(page).getByText('Morning Song').waitFor();
    await page.waitForFunction(() => window.location.search === '?q=morni');
    expect(sent).toEqual(['morn', 'morni']);
    await close(opened);
  });

  test('no hits names the query; a failed search says Search failed', async () => {
    const opened = await openSignedIn(browser, server, kid, '/search');
    const { page } = opened;
    await box(page).fill('zebra');
    await page.getByRole('heading', { name: 'No results found for "zebra"' }).waitFor();
    await page.route('**/api/search?*', (route) => route.abort());
    await box(page).fill('lullaby');
    await page.getByText('Search failed').waitFor();
    expect(await results(page).count()).toBe(0);
    await page.unroute('**/api/search?*');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'Music 2' }).waitFor();
    await close(opened, [/Failed to load resource/]);
  });

  test('a newer query supersedes an older answer that comes late', async () => {
    const opened = await openSignedIn(browser, server, kid, '/search');
    const { page } = opened;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/search?*', async (route) => {
      if (new URL(route.request().url()).searchParams.get('q') === 'lul') await held;
      await route.continue().catch(() => {});
    });
    await box(page).fill('lul');
    await page.getByRole('status', { name: 'Searching' }).waitFor();
    await box(page).fill('lullaby s');
    await page.getByRole('heading', { name: 'Music 1' }).waitFor();
    release();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { name: /^Music/ }).innerText()).toBe('Music\n1');
    expect(await results(page).getByText('Lullaby Moon').count()).toBe(0);
    await close(opened);
  });

  test('a hit plays within the results; reload and Back from another page keep the query', async () => {
    const opened = await openSignedIn(browser, server, kid, '/search?q=lullaby');
    const { page } = opened;
    expect(await box(page).inputValue()).toBe('lullaby');
    await results(page).getByRole('button', { name: /^Lullaby Sun/ }).click();
    const bar = page.getByRole('region', { name: 'Player' });
    await bar.getByTestId('player-title').getByText('Lullaby Sun').waitFor();
    await waitForPlayback(page);
    expect(await results(page).getByRole('button', { name: /^Lullaby Sun/ }).getAttribute('aria-current')).toBe('true');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Albums' }).click();
    await page.getByRole('heading', { name: 'Albums', level: 1 }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Music 2' }).waitFor();
    expect(await box(page).inputValue()).toBe('lullaby');
    await page.reload();
    await page.getByRole('heading', { name: 'Music 2' }).waitFor();
    expect(await box(page).inputValue()).toBe('lullaby');
    await close(opened);
  });

  test('what is typed before hydration is kept: the whole word is searched', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    const [name, value] = kid.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    // The client bundles wait until the word is typed, so it surely lands before hydration.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/**/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url + '/search', { waitUntil: 'commit' });
    await box(page).waitFor();
    // The server's box carries autofocus: keys go to it before any script runs.
    await page.waitForFunction(() => document.activeElement?.getAttribute('placeholder') === 'Search music...');
    await page.keyboard.type('lullaby');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await waitForHydration(page);
    expect(await box(page).inputValue()).toBe('lullaby');
    await page.getByRole('heading', { name: 'Music 2' }).waitFor();
    await page.waitForFunction(() => window.location.search === '?q=lullaby');
    expect(await box(page).inputValue()).toBe('lullaby');
    // Typing on after hydration continues the same text.
    await page.keyboard.type(' moon');
    await page.getByRole('heading', { name: 'Music 1' }).waitFor();
    expect(await box(page).inputValue()).toBe('lullaby moon');
    expect(problems).toEqual([]);
    await context.close();
  });

  test("hits have the song menu: Add to Playlist and Share", async () => {
    const opened = await openSignedIn(browser, server, kid, '/search?q=morning');
    const { page } = opened;
    await results(page).getByRole('button', { name: 'Options for Morning Song' }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    await expectToast(page, 'Link copied!', 'Share link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^${server.url}/share/[\\w-]+$`));
    await results(page).getByRole('button', { name: 'Copied!' }).waitFor();
    await page.getByRole('button', { name: 'Copied!' }).click();
    await page.getByRole('menuitem', { name: 'Add to Playlist' }).click();
    await page.getByRole('dialog', { name: 'Add to Playlist' }).getByText('No playlists yet').waitFor();
    await close(opened);
  });
});

describe('looks', () => {
  test('at 390 px a hit shows its album whole on its own line, even under a long artist', async () => {
    const opened = await openSignedIn(browser, server, kid, '/search?q=porridge', { viewport: PHONE });
    const { page } = opened;
    const hit = results(page).getByRole('button', { name: /^Porridge Song/ });
    const album = hit.getByText('Kitchen Table Songs', { exact: true });
    await album.waitFor();
    expect(await album.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await hit.getByText('Grandma Rose and the Kitchen Choir of Upper Puddleton', { exact: true }).count()).toBe(1);
    expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    await close(opened);
  });

  test('artwork has its final size and a colour before its image arrives', async () => {
    const opened = await openSignedIn(browser, server, kid, '/search', { viewport: PHONE });
    const { page } = opened;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/objects/**', async (route) => {
      await held;
      await route.continue();
    });
    await box(page).fill('porridge');
    const art = results(page).getByRole('button', { name: /^Porridge Song/ }).locator('img');
    await art.waitFor();
    const before = await art.evaluate((img: HTMLImageElement) => ({
      loaded: img.complete && img.naturalWidth > 0,
      width: img.getBoundingClientRect().width,
      height: img.getBoundingClientRect().height,
      background: getComputedStyle(img).backgroundColor,
    }));
    expect(before).toMatchObject({ loaded: false, width: 44, height: 44 });
    expect(before.background).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
    release();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('ul[aria-label="Results"] img')].every((img) => img.complete && img.naturalWidth > 0));
    const after = (await art.boundingBox())!;
    expect([after.width, after.height]).toEqual([44, 44]);
    await close(opened);
  });
});

describe('layout', () => {
  test('search at 390 and 1280 px, light and dark', async () => {
    const opened = await openSignedIn(browser, server, admin, '/search', { viewport: PHONE });
    const { page } = opened;
    await inEachLook(page, async () => {
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    });
    // A long title and subtitle truncate; the header's controls stay on screen.
    await box(page).fill('twinkle');
    await page.getByRole('heading', { name: 'Music 1' }).waitFor();
    await inEachLook(page, async ({ viewport }) => {
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
      const right = await page.getByRole('button', { name: 'Options for Twinkle Twinkle Little Star (The Extended Kitchen Choir Version)' }).boundingBox();
      expect(right!.x + right!.width).toBeLessThanOrEqual(viewport.width);
      const toggle = await page.getByRole('button', { name: 'Toggle theme' }).boundingBox();
      expect(toggle!.x + toggle!.width).toBeLessThanOrEqual(viewport.width);
    });
    await close(opened);
  });
});
