import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';

setDefaultTimeout(60_000);

let browser: Browser;

beforeAll(async () => {
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
});

// The full browser opens its own pages (the address bar's popup) in a renderer per context, which
// cost as much CPU as the tested page; the headless shell opens none (decision 232).
test("a test context opens no page of the browser's own beside the tested one", async () => {
  const cdp = await browser.newBrowserCDPSession();
  const created: string[] = [];
  cdp.on('Target.targetCreated', ({ targetInfo }) => created.push(`${targetInfo.type} ${targetInfo.url}`));
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('data:text/html,<h1>Hello</h1>');
  // The browser's own pages were made with the window, before the tested page had loaded.
  const ownPages = created.filter((target) => target.startsWith('browser_ui ') || target.includes('chrome://'));
  const tested = created.filter((target) => target.startsWith('page '));
  await context.close();
  await cdp.detach();
  expect(tested.length).toBe(1);
  expect(ownPages).toEqual([]);
});
