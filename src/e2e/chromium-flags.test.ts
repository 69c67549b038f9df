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

test("a test context opens no page of the browser's own (the address bar popup) beside the tested one", async () => {
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

test("every feature on Chromium's command line as disabled is disabled: our switch repeats Playwright's list", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('chrome://version/?show-variations-cmd');
  const text = await page.locator('body').innerText();
  await context.close();
  const commandLine = text.split('\n').find((line) => line.startsWith('Command Line'))!;
  const asked = [...commandLine.matchAll(/--disable-features=(\S+)/g)].flatMap((match) => match[1]!.split(','));
  const disabled = text.match(/--disable-features="([^"]*)"/)?.[1]?.split(',') ?? [];
  expect(asked).toContain('WebUIOmniboxPopup');
  expect(asked.filter((feature) => !disabled.includes(feature))).toEqual([]);
});
