import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { songs } from '../../db/schema/index.ts';
import { buildSong } from '../testing/factories.ts';
import { releaseBrowser, sharedBrowser, openPage, waitForHydration } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  await server.signUp('mum', { password: 'lullaby99' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

async function signIn(viewport = { width: 1280, height: 800 }) {
  const opened = await openPage(browser, { viewport });
  const { page } = opened;
  await page.goto(server.url + '/login');
  await waitForHydration(page);
  await page.getByLabel('Username').fill('mum');
  await page.getByLabel('Password').fill('lullaby99');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(server.url + '/');
  await waitForHydration(page);
  return opened;
}

describe('library', () => {
  test('an empty library says so', async () => {
    const { page, problems, context } = await signIn();
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    await page.getByText('No tracks yet').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('songs are listed by title with the artist • album subtitle, virtualised over 50,000 songs', async () => {
    server.db.transaction((tx) => {
      tx.insert(songs).values(buildSong({ title: 'banana', artist: 'Bo', albumId: null })).run();
      tx.insert(songs).values(buildSong({ title: 'Apple', artist: 'Al' })).run();
      tx.insert(songs).values(buildSong({ title: 'hidden draft', status: 'pending' })).run();
      // In batches of 1,000 rows: one statement per row is most of this test's time.
      const filler = Array.from({ length: 50_000 }, (_, i) => buildSong({ title: `zz filler ${String(i).padStart(5, '0')}` }));
      for (let i = 0; i < filler.length; i += 1000) tx.insert(songs).values(filler.slice(i, i + 1000)).run();
    });
    const cookie = await server.login('mum', 'lullaby99');
    await server.request('/api/user/display-preference', { method: 'PATCH', json: { displayPreference: 'artist-album' }, cookie });
    const { page, problems, context } = await signIn();
    const list = page.getByRole('list', { name: 'Songs' });
    await list.waitFor();
    expect(await list.getAttribute('data-count')).toBe('50002');
    const rows = list.getByRole('listitem');
    // Title, the preferred subtitle, then the duration (m:ss).
    expect(await rows.nth(0).innerText()).toMatch(/^Apple\nAl\n\d+:\d\d$/);
    expect(await rows.nth(1).innerText()).toMatch(/^banana\nBo\n\d+:\d\d$/);
    expect(await rows.count()).toBeLessThan(60);
    expect(await page.getByText('hidden draft').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByText('zz filler 49999').waitFor();
    expect(await rows.count()).toBeLessThan(60);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('app shell', () => {
  test('the sidebar navigates without a full reload and marks the active route and its subpaths', async () => {
    const { page, problems, context } = await signIn();
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    const labels = (await sidebar.getByRole('link').allInnerTexts()).map((text) => text.split('\n').pop()!.trim());
    // 'mum' is a plain member here: Account takes the place of the admins' Settings.
    expect(labels).toEqual(['Library', 'Playlists', 'Albums', 'Account']);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await sidebar.getByRole('link', { name: 'Playlists' }).click();
    await page.getByRole('heading', { level: 1, name: 'Playlists' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/playlists');
    expect(await sidebar.getByRole('link', { name: 'Playlists' }).getAttribute('aria-current')).toBe('page');
    expect(await sidebar.getByRole('link', { name: 'Library' }).getAttribute('aria-current')).toBeNull();
    await page.goBack();
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
    // A deep link to a subpath renders on the server with its tab active.
    await page.goto(server.url + '/playlists/7');
    await waitForHydration(page);
    expect(await sidebar.getByRole('link', { name: 'Playlists' }).getAttribute('aria-current')).toBe('page');
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]); // playlist 7 does not exist
    await context.close();
  });

  test('small screens get the tab bar with Library, Playlists and Albums', async () => {
    const { page, problems, context } = await signIn({ width: 390, height: 800 });
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    expect(await tabs.isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Sidebar' }).isVisible()).toBe(false);
    expect(await tabs.getByRole('link').count()).toBe(3);
    await tabs.getByRole('link', { name: 'Albums' }).click();
    await page.getByRole('heading', { level: 1, name: 'Albums' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'Albums' }).getAttribute('aria-current')).toBe('page');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the theme survives a reload and is applied before the first frame', async () => {
    const { page, problems, context } = await signIn();
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameClass: string }).firstFrameClass = document.documentElement.className;
      });
    });
    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { firstFrameClass: string }).firstFrameClass)).toContain('dark');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    expect(problems).toEqual([]);
    await context.close();
  });
});
