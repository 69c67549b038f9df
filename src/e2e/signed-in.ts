import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openPage, waitForHydration } from '../testing/browser.ts';
import type { TestServer } from '../testing/server.ts';

export const PHONE = { width: 390, height: 844 };
export const WIDE = { width: 1280, height: 800 };

/** One of the four looks every screen is checked in. */
export interface Look {
  viewport: { width: number; height: number };
  theme: 'light' | 'dark';
}

/** After a resize: resize observers have run and no CSS transition (a sidebar's width) is under way. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));
}

/**
 * Runs `check` on an open page in each look, phone then wide, light then dark: the viewport is
 * resized and the theme class switched in place (all the theme toggle does), so a layout sweep
 * costs one page load instead of four.
 */
export async function inEachLook(page: Page, check: (look: Look) => Promise<void>): Promise<void> {
  for (const viewport of [PHONE, WIDE]) {
    await page.setViewportSize(viewport);
    await settled(page);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await check({ viewport, theme });
    }
  }
}

export interface SignedInPage {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/**
 * A fresh context holding `cookie` (a real session from server.login), on `path`, hydrated.
 * Clipboard access is granted so Share can be read back; the service worker runs only with
 * `serviceWorkers: 'allow'` (see openPage).
 */
export async function openSignedIn(
  browser: Browser,
  server: Pick<TestServer, 'url'>,
  cookie: string,
  path: string,
  {
    viewport = WIDE,
    theme = 'light',
    serviceWorkers = 'block',
    beforeLoad,
  }: {
    viewport?: { width: number; height: number };
    theme?: 'light' | 'dark';
    serviceWorkers?: 'allow' | 'block';
    /** Runs on the blank page before it loads `path` (init scripts: spies), saving a load. */
    beforeLoad?: (page: Page) => Promise<unknown>;
  } = {},
): Promise<SignedInPage> {
  const opened = await openPage(browser, { viewport, permissions: ['clipboard-read', 'clipboard-write'], serviceWorkers });
  await opened.context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const [name, value] = cookie.split('=') as [string, string];
  await opened.context.addCookies([{ name, value, url: server.url }]);
  await beforeLoad?.(opened.page);
  await opened.page.goto(server.url + path);
  await waitForHydration(opened.page);
  return opened;
}

/** Waits for the toast with this title (and description, when given). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.waitFor();
  if (description !== undefined) await toast.filter({ hasText: description }).waitFor();
}

/** The mini player's audio has played: its progress fill moved. */
export async function waitForPlayback(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const fill = document.querySelector<HTMLElement>('[data-testid="player-progress"]');
    return fill !== null && Number.parseFloat(fill.style.width) > 0;
  });
}
