import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { readSettings } from '../../db/queries/settings.ts';
import { findUserByUsername } from '../../db/queries/users.ts';
import { releaseBrowser, sharedBrowser, openPage, waitForHydration } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { PHONE, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

/** Registration: opened in Settings, offered on the login page and by the share page. */
const TESTDATA = join(import.meta.dir, '../../media/testdata');
let server: TestServer;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const openSettings = (options: Parameters<typeof openSignedIn>[4] = {}) => openSignedIn(browser, server, admin, '/admin/settings', options);

describe('registration', () => {
  test('closed: no Create Account on the login page; the share page says an admin creates accounts', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/login?create=1`);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    expect(await (await server.request('/login?create=1')).text()).toMatch(/<h1[^>]*>Login<\/h1>/);

    await page.goto(`${server.url}/share`);
    await waitForHydration(page);
    await page.getByTestId('file-input').setInputFiles(join(TESTDATA, 'tagged.mp3'));
    await page.getByRole('button', { name: 'Create Share Link' }).click();
    const invite = page.getByRole('region', { name: 'Save to Your Library' });
    await invite.getByText('Ask an admin of this Hearth for an account, then log in to keep your music in the family library.').waitFor();
    expect(await invite.getByRole('link', { name: 'Create Account' }).count()).toBe(0);
    expect(await invite.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    await context.close();
  });

  test('opened in Settings: the share dialog leads to Create Account, which registers and lands on the Library', async () => {
    const settings = await openSettings();
    await settings.page.getByRole('switch', { name: 'Open registration' }).click();
    await expectToast(settings.page, 'Settings saved');
    await settings.page.getByTestId('registration-state').filter({ hasText: 'Open' }).waitFor();
    expect(readSettings(server.db).registrationOpen).toBe(true);
    // The server's HTML already shows the chosen view (no flash of Login before hydration).
    expect(await (await server.request('/login?create=1')).text()).toMatch(/<h1[^>]*>Create Account<\/h1>/);
    expect(await (await server.request('/login')).text()).toMatch(/<h1[^>]*>Login<\/h1>/);

    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${server.url}/share`);
    await waitForHydration(page);
    await page.getByTestId('file-input').setInputFiles(join(TESTDATA, 'tagged.mp3'));
    await page.getByRole('button', { name: 'Create Share Link' }).click();
    await page.getByRole('region', { name: 'Save to Your Library' }).getByRole('link', { name: 'Create Account' }).click();
    await page.waitForURL(`${server.url}/login?create=1`);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    // A taken name: the product's 'Registration failed' with the server's message.
    await page.getByLabel('Username').fill('Mum');
    await page.getByLabel('Password').fill('sunflower7');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expectToast(page, 'Registration failed', 'That username is already taken');
    await page.getByLabel('Username').fill('cousin-ella');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    expect(findUserByUsername(server.db, 'cousin-ella')?.isAdmin).toBe(false);
    expect(problems.filter((line) => !line.includes('409'))).toEqual([]);
    await context.close();

    // From the login page itself: Create Account and back to Login.
    const login = await openPage(browser);
    await login.page.goto(`${server.url}/login`);
    await waitForHydration(login.page);
    await login.page.getByRole('button', { name: 'Create Account' }).click();
    await login.page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await login.page.getByRole('button', { name: 'Login' }).click();
    await login.page.getByRole('heading', { name: 'Login' }).waitFor();
    await login.context.close();

    // The toast of the first save may still show: wait for the state, then for the server's.
    const saved = settings.page.waitForResponse((response) => response.url().endsWith('/api/settings') && response.request().method() === 'PATCH');
    await settings.page.getByRole('switch', { name: 'Open registration' }).click();
    await settings.page.getByTestId('registration-state').filter({ hasText: 'Closed' }).waitFor();
    await saved;
    expect(readSettings(server.db).registrationOpen).toBe(false);
    await settings.context.close();
  });

  test('a save that never reaches the server puts the switch back with a toast', async () => {
    const { page, context } = await openSettings();
    await page.route('**/api/settings', (route) => (route.request().method() === 'PATCH' ? route.abort('connectionreset') : route.continue()));
    await page.getByRole('switch', { name: 'Open registration' }).click();
    await expectToast(page, 'Failed to save settings', 'Please try again');
    expect(await page.getByRole('switch', { name: 'Open registration' }).getAttribute('aria-checked')).toBe('false');
    await context.close();
  });
});
