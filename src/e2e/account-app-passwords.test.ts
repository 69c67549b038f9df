import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { SubsonicAPI } from 'subsonic-api';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { PHONE, type SignedInPage, WIDE, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(60_000);

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

async function close({ context, problems }: SignedInPage) {
  expect(problems).toEqual([]);
  await context.close();
}

const ping = async (username: string, password: string) => ((await new SubsonicAPI({ url: server.url, auth: { username, password } }).ping()) as { status: string }).status;

describe('/account: app passwords', () => {
  test('create one (shown once, copied), a phone app signs in with it, revoke it and the app is refused', async () => {
    const cookie = await server.signUp('gran', { password: 'knitting99' });
    const opened = await openSignedIn(browser, server, cookie, '/account', { viewport: WIDE });
    const { page } = opened;
    const section = page.getByRole('region', { name: 'App passwords' });
    await section.getByText('No app passwords yet.').waitFor();
    await section.getByText(server.url, { exact: true }).waitFor();
    await section.getByLabel('New app password for').fill("Gran's phone");
    await section.getByRole('button', { name: 'Create' }).click();
    const shown = section.getByTestId('new-app-password');
    const password = (await shown.innerText()).trim();
    expect(password).toMatch(/^([a-z2-9]{4}-){5}[a-z2-9]{4}$/);
    await section.getByRole('button', { name: 'Copy' }).click();
    await section.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    const list = section.getByRole('list', { name: 'Your app passwords' });
    await list.getByText("Gran's phone").waitFor();
    await list.getByText('Never used').waitFor();

    expect(await ping('gran', password)).toBe('ok');
    // Shown once: after Done (or a reload) the secret is nowhere on the page.
    await section.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await list.getByText("Gran's phone").waitFor();
    await list.getByText(/Last used/).waitFor();
    expect(await page.content()).not.toContain(password);

    await list.getByRole('button', { name: "Revoke Gran's phone" }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'App password revoked');
    await section.getByText('No app passwords yet.').waitFor();
    expect(await ping('gran', password)).toBe('failed');
    await close(opened);
  });

  test('on a phone the section fits the screen', async () => {
    const cookie = await server.signUp('kid', { password: 'crayons99' });
    await server.request('/api/app-passwords', { method: 'POST', json: { name: 'A rather long name for a tablet in the kitchen' }, cookie });
    const opened = await openSignedIn(browser, server, cookie, '/account', { viewport: PHONE });
    const { page } = opened;
    const section = page.getByRole('region', { name: 'App passwords' });
    await section.getByRole('list', { name: 'Your app passwords' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await close(opened);
  });
});
