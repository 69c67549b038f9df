import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser, openPage, waitForHydration } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { rmSync } from 'node:fs';
import { createApp } from '../compose/app.ts';
import { parseConfig } from '../config.ts';
import { openDataDir } from '../data-dir.ts';
import type { Logger } from '../logger.ts';
import { type TestServer, makeTempDir, startTestServer } from '../testing/server.ts';
import { createAlbum, createPlaylist, uploadSong } from './seed.ts';
import { PHONE, WIDE, inEachLook } from './signed-in.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let adminCookie: string;
let kidCookie: string;
const paths: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kidCookie = await server.signUp('kiddo', { password: 'crayons99' });
  const album = await createAlbum(server, adminCookie, 'A very long album name that keeps going well past the edge of a phone');
  const song = await uploadSong(server, adminCookie, 'tone.wav', { title: 'Bedtime', artist: 'Grandpa Joe', albumId: album.id });
  const second = await uploadSong(server, adminCookie, 'tone.ogg', { title: 'Wake Up', albumId: album.id });
  const playlist = await createPlaylist(server, adminCookie, 'Road Trip', [song.id, second.id]);
  Object.assign(paths, {
    landing: '/',
    login: '/login',
    'not found': '/no/such/page',
    'share song': `/share/${song.shareId}`,
    'share album': `/share/album/${album.shareId}`,
    'share playlist': `/share/playlist/${playlist.shareId}`,
    'share missing': '/share/nothing-here',
    'share audio': '/share',
  });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const VIEWPORTS = [PHONE, WIDE];

async function contextFor(viewport: { width: number; height: number }, theme: 'light' | 'dark', cookie?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
  }
  return context;
}

async function visit(page: Page, path: string) {
  await page.goto(server.url + path);
  await waitForHydration(page);
}

/** A wrong password on /login: the quickest way to raise a toast. */
async function failLogin(page: Page) {
  await page.getByLabel('Username').fill('mum');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('toast').getByText('Login failed').waitFor();
  // Measured and swiped where it rests, after its slide-in.
  await page.waitForFunction(() => document.querySelector('[data-testid="toast"]')?.getAnimations().length === 0);
}

describe('390 and 1280 px, light and dark', () => {
  test('public pages: the stored theme from the first paint, sans-serif text, controls inside their cards, no horizontal overflow', async () => {
    const context = await contextFor(PHONE, 'dark');
    const page = await context.newPage();
    for (const [name, path] of Object.entries(paths)) {
      await visit(page, path);
      // The head script put the stored theme on before the first paint; the looks then switch in place.
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await inEachLook(page, async () => {
        expect({ name, ...(await checkLayout(page)) }).toEqual({ name, ...CLEAN_LAYOUT });
      });
    }
    await context.close();
  });

  test('signed-in pages and Access Denied: the same holds, and the chrome fits', async () => {
    const context = await contextFor(PHONE, 'light', kidCookie);
    const page = await context.newPage();
    for (const path of ['/', '/playlists', '/albums', '/account', '/admin', '/share']) {
      await visit(page, path);
      await inEachLook(page, async () => {
        expect({ path, ...(await checkLayout(page)) }).toEqual({ path, ...CLEAN_LAYOUT });
      });
    }
    await page.goto(server.url + '/admin');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await context.close();
  });
});

for (const viewport of VIEWPORTS) {
  for (const theme of ['light', 'dark'] as const) {
    describe(`${viewport.width} px, ${theme}`, () => {
      test('a toast sits fully on screen, with its close control inside the viewport', async () => {
        const context = await contextFor(viewport, theme);
        const page = await context.newPage();
        await visit(page, '/login');
        await failLogin(page);
        const toast = page.getByTestId('toast');
        const inside = async (box: { x: number; y: number; width: number; height: number } | null) =>
          box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
        expect(await inside(await toast.boundingBox())).toBe(true);
        expect(await inside(await toast.getByRole('button', { name: 'Close' }).boundingBox())).toBe(true);
        expect((await checkLayout(page)).overflowX).toBe(0);
        await context.close();
      });
    });
  }
}

describe('the generic error screen', () => {
  test('shows the documented texts, the message and Reload Page, and fits at 390 and 1280 px in both themes', async () => {
    const dataDir = makeTempDir();
    const { handle, secret } = openDataDir(dataDir);
    const log: Logger = { debug() {}, info() {}, warn() {}, error() {} };
    const app = createApp({ config: parseConfig({ DATA_DIR: dataDir }), db: handle.db, secret, log })
      .get('/explode', () => {
        throw new Error('boom');
      })
      .listen({ port: 0, hostname: '127.0.0.1' });
    try {
      const context = await contextFor(PHONE, 'light');
      const page = await context.newPage();
      const response = await page.goto(`http://127.0.0.1:${app.server!.port}/explode`);
      expect(response?.status()).toBe(500);
      await waitForHydration(page);
      await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
      await page.getByText('An unexpected error occurred. Please try refreshing the page.').waitFor();
      await page.getByText('Something went wrong on the server').waitFor();
      await page.getByRole('button', { name: 'Reload Page' }).waitFor();
      await inEachLook(page, async () => {
        expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
      });
      await context.close();
    } finally {
      await app.stop(true);
      handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('toasts and keyboard', () => {
  test('a toast is dismissed by a 50 px swipe right, not by a shorter one, and by its close button', async () => {
    // Full motion, as most listeners have it: the toast slides in, follows the pointer and slides out.
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });
    await visit(page, '/login');
    const swipe = async (dx: number) => {
      const box = (await page.getByTestId('toast').boundingBox())!;
      await page.mouse.move(box.x + 40, box.y + box.height / 2);
      await page.mouse.down();
      for (let step = 1; step <= 5; step += 1) await page.mouse.move(box.x + 40 + (dx * step) / 5, box.y + box.height / 2);
      await page.mouse.up();
    };
    await failLogin(page);
    await swipe(30);
    // Radix marks a swipe short of the threshold as cancelled and keeps the toast.
    await page.locator('[data-testid="toast"][data-swipe="cancel"]').waitFor();
    await swipe(120);
    await page.getByTestId('toast').waitFor({ state: 'detached' });
    await failLogin(page);
    await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('toast').waitFor({ state: 'detached' });
    await context.close();
  });

  test('a tooltip opens 700 ms after hovering and also on keyboard focus', async () => {
    const context = await contextFor({ width: 1280, height: 800 }, 'light', kidCookie);
    const page = await context.newPage();
    await visit(page, '/');
    const search = page.getByRole('link', { name: 'Search' });
    const started = Date.now();
    await search.hover();
    await page.getByRole('tooltip').filter({ hasText: 'Search' }).waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    await page.mouse.move(0, 400, { steps: 5 });
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Toggle theme' }).focus();
    await page.getByRole('tooltip').filter({ hasText: 'Toggle theme' }).waitFor();
    await context.close();
  });

  test('F8 moves focus to the notification area', async () => {
    const { page, context } = await openPage(browser);
    await visit(page, '/login');
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.closest('[aria-label="Notifications (F8)"]') !== null)).toBe(true);
    await context.close();
  });

  test('the user menu works from the keyboard alone: open, arrows, Escape returns focus', async () => {
    const context = await contextFor({ width: 390, height: 844 }, 'light', kidCookie);
    const page = await context.newPage();
    await visit(page, '/');
    const trigger = page.getByRole('button', { name: 'User menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await menu.getByText('Signed in as kiddo').waitFor();
    const focused = (label: string) => page.waitForFunction((text) => document.activeElement?.textContent === text, label, { timeout: 5000 });
    await focused('Account');
    await page.keyboard.press('ArrowDown');
    await focused('Switch profile');
    await page.keyboard.press('ArrowDown');
    await focused('Log out');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(server.url + '/account');
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    await context.close();
  });

  test('a dialog traps focus, Tab cycles inside it, Escape closes it', async () => {
    const context = await contextFor({ width: 390, height: 844 }, 'light', kidCookie);
    const page = await context.newPage();
    await visit(page, '/playlists');
    await page.getByRole('button', { name: 'Create Playlist' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Playlist' });
    await dialog.waitFor();
    const focusedInDialog = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
    expect(await focusedInDialog()).toBe(true);
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusedInDialog()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Playlists', level: 1 }).waitFor();
    await context.close();
  });
});
