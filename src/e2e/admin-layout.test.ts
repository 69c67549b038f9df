import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser, waitForHydration } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { sineWav } from './player-fixtures.ts';
import { uploadBytes } from './seed.ts';
import { PHONE, inEachLook, openSignedIn, waitForPlayback } from './signed-in.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let adminCookie: string;
let kidCookie: string;

const TABS = [
  { path: '/admin', label: 'Music', title: 'Music - Admin - Hearth' },
  { path: '/admin/albums', label: 'Albums', title: 'Albums - Admin - Hearth' },
  { path: '/admin/deleted', label: 'Deleted', title: 'Deleted - Admin - Hearth' },
  { path: '/admin/settings', label: 'Settings', title: 'Settings - Admin - Hearth' },
];

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kidCookie = await server.signUp('kiddo', { password: 'crayons99' });
  await uploadBytes(server, adminCookie, 'long.wav', sineWav(60, 440), { title: 'Long Lullaby', artist: 'Grandpa Joe' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const open = (path: string, options: Parameters<typeof openSignedIn>[4] = {}, cookie = adminCookie) => openSignedIn(browser, server, cookie, path, options);
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Admin sidebar' });
const sidebarWidth = (page: Page) => sidebar(page).evaluate((el) => el.getBoundingClientRect().width);
/** The sidebar's width once its transition settled. */
const settledWidth = (page: Page, width: number) =>
  page.waitForFunction((w) => document.querySelector('[aria-label="Admin sidebar"]')?.getBoundingClientRect().width === w, width);

describe('addresses', () => {
  test('each admin address answers its tab in the server HTML; plain users get the 403 Access Denied page; guests go to /login', async () => {
    for (const tab of TABS) {
      const page = await server.request(tab.path, { cookie: adminCookie });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('aria-label="Admin sidebar"');
      // In place, not a fallback with the area streamed in after it (React's pending-boundary mark).
      expect(html).not.toContain('<!--$?-->');
      expect(html).toMatch(new RegExp(`data-testid="admin-tab-name"[^>]*>${tab.label}<`));
      const denied = await server.request(tab.path, { cookie: kidCookie });
      expect(denied.status).toBe(403);
      const deniedHtml = await denied.text();
      expect(deniedHtml).toContain('Access Denied');
      expect(deniedHtml).toContain('You need admin privileges to access this page.');
      expect(deniedHtml).not.toContain('Admin sidebar');
      const guest = await server.request(tab.path, { redirect: 'manual' });
      expect([guest.status, guest.headers.get('location')]).toEqual([302, '/login']);
    }
    expect((await server.request('/admin/nope', { cookie: adminCookie })).status).toBe(404);
  });

  test('a plain user sees Access Denied in the browser on every admin address', async () => {
    for (const tab of TABS) {
      const { page, context } = await open(tab.path, {}, kidCookie);
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      await page.getByText('You need admin privileges to access this page.').waitFor();
      expect(await sidebar(page).count()).toBe(0);
      await context.close();
    }
  });

  test('every address renders its tab, the sidebar marks it, titles follow; Settings in the app opens /admin', async () => {
    const { page, problems, context } = await open('/');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${server.url}/admin`);
    // The admin layout replaces the app's sidebar and tab bar.
    await sidebar(page).waitFor();
    expect(await page.getByRole('navigation', { name: 'Sidebar' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Tabs' }).count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    expect(await page.getByRole('banner').getByTestId('signed-in-user').innerText()).toBe('mum');
    const nav = sidebar(page).getByRole('navigation', { name: 'Admin' });
    expect(await nav.getByRole('listitem').allInnerTexts()).toEqual(['Albums', 'Music', 'Deleted', 'Settings']);
    for (const tab of [...TABS.slice(1), TABS[0]!]) {
      await nav.getByRole('link', { name: tab.label }).click();
      await page.waitForURL(server.url + tab.path);
      expect(await page.getByTestId('admin-tab-name').innerText()).toBe(tab.label);
      expect(await nav.getByRole('link', { name: tab.label }).getAttribute('aria-current')).toBe('page');
      expect(await nav.locator('[aria-current="page"]').count()).toBe(1);
      await page.waitForFunction((title) => document.title === title, tab.title);
    }
    // All of it in one document: no full reload.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    for (const tab of TABS) {
      await page.goto(server.url + tab.path);
      await waitForHydration(page);
      expect(await page.getByTestId('admin-tab-name').innerText()).toBe(tab.label);
      expect(await page.title()).toBe(tab.title);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the sidebar', () => {
  test('ctrl+b and meta+b collapse it to icons (3rem) and back (16rem); the cookie keeps it for 7 days and the server renders it so', async () => {
    const { page, problems, context } = await open('/admin/albums');
    expect(await sidebar(page).getAttribute('data-state')).toBe('expanded');
    expect(await sidebarWidth(page)).toBe(256);
    await page.keyboard.press('Control+b');
    await settledWidth(page, 48);
    expect(await sidebar(page).getAttribute('data-state')).toBe('collapsed');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state')!;
    expect(cookie.value).toBe('false');
    expect(cookie.path).toBe('/');
    expect(cookie.sameSite).toBe('Lax');
    const days = (cookie.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // Collapsed: icons only, each named, with its label as a tooltip on focus.
    const albums = sidebar(page).getByRole('link', { name: 'Albums' });
    expect((await albums.innerText()).trim()).toBe('');
    await albums.focus();
    await page.getByRole('tooltip', { name: 'Albums' }).waitFor();
    // The server's HTML, before any script runs, is already collapsed.
    const session = (await context.cookies()).find((c) => c.name === 'hearth_session')!;
    const html = await (await server.request('/admin/albums', { cookie: `hearth_session=${session.value}; sidebar_state=false` })).text();
    expect(html).toMatch(/aria-label="Admin sidebar" data-state="collapsed"/);
    // A reload paints it collapsed at once: the first frame's width, read before hydration.
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstWidth: number }).firstWidth = document.querySelector('[aria-label="Admin sidebar"]')!.getBoundingClientRect().width;
      });
    });
    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { firstWidth: number }).firstWidth)).toBe(48);
    expect(await sidebar(page).getAttribute('data-state')).toBe('collapsed');
    await page.keyboard.press('Meta+b');
    await settledWidth(page, 256);
    expect((await context.cookies()).find((c) => c.name === 'sidebar_state')!.value).toBe('true');
    // The header's button does the same.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await settledWidth(page, 48);
    expect(await page.getByRole('button', { name: 'Toggle sidebar' }).getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('below 768 px it is a drawer (18rem) opened from the header; a link closes it; ctrl+b opens it too', async () => {
    const { page, problems, context } = await open('/admin', { viewport: PHONE });
    expect(await sidebar(page).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Toggle sidebar' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Admin menu' });
    await drawer.waitFor();
    await page.waitForFunction(() => document.querySelector('[role="dialog"]')?.getBoundingClientRect().left === 0);
    expect((await drawer.boundingBox())!.width).toBe(288);
    expect(await drawer.getByRole('link', { name: 'Music' }).getAttribute('aria-current')).toBe('page');
    await drawer.getByRole('link', { name: 'Deleted' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.waitForURL(`${server.url}/admin/deleted`);
    await page.keyboard.press('Control+b');
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the theme toggle switches and keeps the theme; Back to Library returns to the app in place', async () => {
    const { page, problems, context } = await open('/admin');
    await sidebar(page).getByRole('button', { name: 'Toggle theme' }).click();
    expect(await page.evaluate(() => [document.documentElement.classList.contains('dark'), localStorage.getItem('theme')])).toEqual([true, 'dark']);
    await sidebar(page).getByRole('link', { name: 'Back to Library' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('navigation', { name: 'Sidebar' }).waitFor();
    expect(await sidebar(page).count()).toBe(0);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Logout ends the session and shows the landing page', async () => {
    const cookie = await server.login('mum', 'lullaby99');
    const { page, problems, context } = await open('/admin/deleted', {}, cookie);
    await sidebar(page).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect((await server.request('/api/user', { cookie })).status).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the mini player', () => {
  test('keeps playing into the admin area, beside the sidebar, collapsed or not, and still pauses', async () => {
    const { page, problems, context } = await open('/');
    await page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: /^Long Lullaby/ }).click();
    await waitForPlayback(page);
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Settings' }).click();
    const bar = page.getByRole('region', { name: 'Player' });
    await sidebar(page).waitFor();
    expect(await bar.getByTestId('player-title').innerText()).toBe('Long Lullaby');
    expect((await bar.boundingBox())!.x).toBe(256);
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('[data-player-bar]')!.getBoundingClientRect().left === 48);
    await bar.getByRole('button', { name: 'Pause' }).click();
    await bar.getByRole('button', { name: 'Play' }).waitFor();
    // Content keeps clear of the bar.
    const main = await page.getByRole('main').evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingBottom));
    expect(main).toBeGreaterThanOrEqual(64);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('layout', () => {
  test('clean at 390 and 1280 px, light and dark, on every tab, expanded and collapsed', async () => {
    const { page, problems, context } = await open('/admin');
    for (const tab of TABS) {
      await page.goto(server.url + tab.path);
      await waitForHydration(page);
      await inEachLook(page, async () => {
        expect({ tab: tab.path, ...(await checkLayout(page)) }).toEqual({ tab: tab.path, ...CLEAN_LAYOUT });
      });
    }
    // Collapsed: the wide sidebar only (the phone's is a sheet).
    await page.keyboard.press('Control+b');
    await settledWidth(page, 48);
    for (const dark of [false, true]) {
      await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
