import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { sineWav } from './player-fixtures.ts';
import { createPlaylist, uploadBytes } from './seed.ts';
import { PHONE, inEachLook, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  // Played below, so it lasts 20 s: a 1 s tone ends, and the player stops and hides, within seconds,
  // and a loaded machine can read it later than that.
  await uploadBytes(server, admin, 'bedtime.wav', sineWav(20, 440), { title: 'Bedtime', artist: 'Grandpa Joe' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** Aborted requests are the point of some tests; everything else on the console is a problem. */
const unexpected = (problems: string[]) => problems.filter((p) => !p.includes('net::ERR_FAILED') && !p.includes('404'));

const columns = (page: Page) => page.getByRole('list', { name: 'Playlists' }).evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);

describe('playlists page', () => {
  test('empty, then a playlist created from the dialog: blank names are refused (Enter too), the card opens it', async () => {
    const cookie = await server.signUp('nana', { password: 'knitting99' });
    const { page, problems, context } = await openSignedIn(browser, server, cookie, '/playlists');
    await page.getByRole('heading', { name: 'Playlists', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search');
    await page.getByRole('heading', { name: 'No playlists yet' }).waitFor();
    await page.getByText('Create your first playlist to get started').waitFor();

    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/playlists') && posts.push(request.url()));
    await page.getByRole('button', { name: 'Create Playlist' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Playlist' });
    const name = dialog.getByLabel('Name');
    expect(await name.getAttribute('placeholder')).toBe('My Awesome Playlist');
    const create = dialog.getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    await name.fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await name.press('Enter');
    expect(await dialog.isVisible()).toBe(true);
    await name.fill('  Road Trip ');
    await create.click();
    await expectToast(page, 'Playlist created');
    await dialog.waitFor({ state: 'detached' });
    expect(posts.length).toBe(1);

    const card = page.getByRole('list', { name: 'Playlists' }).getByRole('link', { name: 'Road Trip' });
    const href = await card.getAttribute('href');
    expect(href).toMatch(/^\/playlists\/\d+$/);
    await card.click();
    await page.getByRole('heading', { name: 'Road Trip', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(href!);
    await page.getByRole('heading', { name: 'No songs in this playlist' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lastViewedPlaylist'))).toBe(href!.split('/').pop()!);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(server.url + '/playlists');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the grid has 2 columns on phones and 5 on wide screens, and lays out cleanly in both themes', async () => {
    const cookie = await server.signUp('gran', { password: 'knitting99' });
    for (const name of ['Car', 'Bath time', 'A playlist with a name far too long to fit under its card', 'Dance', 'Quiet', 'Sunday']) {
      await createPlaylist(server, cookie, name, []);
    }
    const { page, problems, context } = await openSignedIn(browser, server, cookie, '/playlists', { viewport: PHONE });
    await page.getByRole('list', { name: 'Playlists' }).getByRole('link').nth(5).waitFor();
    await inEachLook(page, async ({ viewport }) => {
      expect(await columns(page)).toBe(viewport === PHONE ? 2 : 5);
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    });
    await page.getByRole('button', { name: 'Create Playlist' }).click();
    await page.getByRole('dialog', { name: 'Create Playlist' }).waitFor();
    await inEachLook(page, async () => {
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
      expect(problems).toEqual([]);
    });
    await context.close();
  });

  test('a failed create ends its busy state and says why; a failed load offers Try Again', async () => {
    const cookie = await server.signUp('grandpa', { password: 'fishing99' });
    const { page, problems, context } = await openSignedIn(browser, server, cookie, '/');
    await page.route('**/api/playlists', (route) => route.abort());
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Playlists' }).click();
    await page.getByRole('heading', { name: 'Failed to load playlists' }).waitFor();
    await page.unroute('**/api/playlists');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'No playlists yet' }).waitFor();

    await page.route('**/api/playlists', (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
    await page.getByRole('button', { name: 'Create Playlist' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Playlist' });
    await dialog.getByLabel('Name').fill('Fishing trip');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Error', 'Failed to create playlist');
    // Not stuck: the button is back and the name still there for another try.
    await dialog.getByRole('button', { name: 'Create' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Create' }).isEnabled()).toBe(true);
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Fishing trip');
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  test('a playlist built from the library\'s menu opens with its song, which plays within the playlist', async () => {
    const { page, problems, context } = await openSignedIn(browser, server, admin, '/');
    await page.getByRole('button', { name: 'Options for Bedtime' }).click();
    await page.getByRole('menuitem', { name: 'Add to Playlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Playlist' });
    await dialog.getByRole('button', { name: 'Create New Playlist' }).click();
    await dialog.getByPlaceholder('Playlist name').fill('Lullabies');
    await dialog.getByRole('button', { name: 'Create & Add' }).click();
    await expectToast(page, 'Added to playlist', '"Bedtime" added successfully');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Playlists' }).click();
    await page.getByRole('link', { name: 'Lullabies' }).click();
    await page.getByRole('heading', { name: 'Lullabies', level: 1 }).waitFor();
    expect(await page.getByTestId('playlist-summary').innerText()).toMatch(/^1 song • \d+ sec$/);
    await page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: /^Bedtime/ }).click();
    await page.getByRole('region', { name: 'Player' }).getByTestId('player-title').getByText('Bedtime').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a missing playlist says so and leads back to the playlists', async () => {
    const { page, problems, context } = await openSignedIn(browser, server, admin, '/playlists/99999');
    await page.getByRole('heading', { name: 'Playlist not found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Playlist options' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Playlists', level: 1 }).waitFor();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
