import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { releaseBrowser, sharedBrowser, openPage, waitForHydration } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';

setDefaultTimeout(60_000);

const TESTDATA = join(import.meta.dir, '../../media/testdata');
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

test('a guest turns a file into a link that plays in a fresh browser', async () => {
  const { page, problems, context } = await openPage(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await page.goto(server.url + '/share');
  await waitForHydration(page);
  const create = page.getByRole('button', { name: 'Create Share Link' });
  expect(await create.isDisabled()).toBe(true);
  await page.getByTestId('file-input').setInputFiles(join(TESTDATA, 'tagged.mp3'));
  expect(await page.getByTestId('file-name').innerText()).toBe('tagged.mp3');
  expect(await page.getByTestId('file-size').innerText()).toBe('0.00 MB');
  expect(await page.getByLabel('Title').inputValue()).toBe('tagged');
  expect(await page.getByLabel('Link Expiration').count()).toBe(0);
  await page.getByLabel('Title').fill('Grandpa <singing>');
  await page.getByLabel('Shared By').fill('Auntie');

  // Hold the upload until the busy state has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/temp-share', async (route) => {
    await held;
    await route.continue();
  });
  await create.click();
  await page.getByRole('button', { name: 'Creating Share Link...' }).waitFor();
  release();

  await page.getByText('Share Link Created!').waitFor();
  const invite = page.getByRole('region', { name: 'Save to Your Library' });
  await invite.waitFor();
  // Registration is closed by default: no Create Account dead end, but who creates accounts.
  expect(await invite.getByRole('link', { name: 'Create Account' }).count()).toBe(0);
  await invite.getByText('Ask an admin of this Hearth for an account').waitFor();
  await invite.getByRole('button', { name: 'Maybe Later' }).click();
  await invite.waitFor({ state: 'detached' });
  const link = await page.getByLabel('Share link').inputValue();
  expect(link).toMatch(new RegExp(`^${server.url}/share/[A-Za-z0-9_-]{16,}$`));
  await page.getByRole('button', { name: 'Copy' }).click();
  await page.getByRole('button', { name: 'Copied!' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 3000 });
  await page.getByRole('button', { name: 'Share Another Audio' }).click();
  await page.getByRole('button', { name: 'Choose an audio file' }).waitFor();
  expect(problems).toEqual([]);
  await context.close();

  const listener = await openPage(browser);
  await listener.page.goto(link);
  await listener.page.getByRole('heading', { name: 'Grandpa <singing>' }).waitFor();
  await listener.page.getByText('Auntie').waitFor();
  await waitForHydration(listener.page);
  await listener.page.getByRole('button', { name: 'Play', exact: true }).click();
  // The engine's audio is not in the document: the seek slider shows playback advancing.
  await listener.page.waitForFunction(() => Number(document.querySelector('[role="slider"]')?.getAttribute('aria-valuenow')) > 0);
  expect(listener.problems).toEqual([]);
  await listener.context.close();
});

test('an admin chooses the link expiry; a rejected file shows the server message', async () => {
  const cookie = await server.signUp('admin', { isAdmin: true });
  const { page, problems, context } = await openPage(browser);
  await context.addCookies([{ name: 'hearth_session', value: cookie.split('=')[1]!, url: server.url }]);
  await page.goto(server.url + '/share');
  await waitForHydration(page);
  const expiry = page.getByLabel('Link Expiration');
  expect(await expiry.innerText()).toBe('Never');
  await expiry.click();
  expect(await page.getByRole('option').allInnerTexts()).toEqual(['Never', '1 Day', '3 Days', '1 Week', '30 Days']);
  await page.getByRole('option', { name: '1 Week' }).click();
  expect(await expiry.innerText()).toBe('1 Week');
  await page.getByTestId('file-input').setInputFiles(join(TESTDATA, 'fake.mp3'));
  await page.getByRole('button', { name: 'Create Share Link' }).click();
  const toast = page.getByTestId('toast');
  await toast.getByText('Upload Failed').waitFor();
  expect((await toast.innerText()).length).toBeGreaterThan('Upload Failed'.length + 5);
  await page.getByRole('button', { name: 'Clear file' }).click();
  await page.getByTestId('file-input').setInputFiles(join(TESTDATA, 'tone.ogg'));
  await page.getByRole('button', { name: 'Create Share Link' }).click();
  await page.getByText('Share Link Created!').waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);
  const shareId = (await page.getByLabel('Share link').inputValue()).split('/').pop()!;
  const share = (await (await server.request(`/api/temp-share/${shareId}`)).json()) as { expiresAt: string | null };
  expect(share.expiresAt).not.toBeNull();
  expect(problems.filter((p) => !p.includes('415'))).toEqual([]);
  await context.close();
});

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px the guests' invite sits below the new link: the link and Copy stay uncovered`, async () => {
    const { page, problems, context } = await openPage(browser, { viewport });
    await page.goto(server.url + '/share');
    await waitForHydration(page);
    await page.getByTestId('file-input').setInputFiles(join(TESTDATA, 'tone.ogg'));
    await page.getByRole('button', { name: 'Create Share Link' }).click();
    const invite = page.getByRole('region', { name: 'Save to Your Library' });
    await invite.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const link = page.getByLabel('Share link');
    const copy = page.getByRole('button', { name: 'Copy' });
    // Nothing lies over them: the topmost element at each centre is the control itself.
    for (const control of [link, copy]) {
      expect(await control.isVisible()).toBe(true);
      const box = (await control.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(await control.evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)), [box.x + box.width / 2, box.y + box.height / 2])).toBe(true);
    }
    expect((await invite.boundingBox())!.y).toBeGreaterThanOrEqual((await copy.boundingBox())!.y + (await copy.boundingBox())!.height);
    await copy.click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
}
