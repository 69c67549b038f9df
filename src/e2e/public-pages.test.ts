import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { releaseBrowser, sharedBrowser, openPage, waitForHydration } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';

setDefaultTimeout(30_000);

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  await server.signUp('grandma', { password: 'knitting123' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

describe('landing and login', () => {
  test('a guest sees the landing page and reaches login with its button', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(server.url + '/');
    await expect(page.title()).resolves.toBe('Hearth');
    await expect(page.getByRole('heading', { name: 'Hearth' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('music for the whole family').isVisible()).resolves.toBe(true);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(server.url + '/login');
    await waitForHydration(page);
    // A browser that holds no profiles shows the login card alone, without "Who's listening?".
    await expect(page.getByRole('heading', { name: 'Login' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: "Who's listening?" }).isVisible()).resolves.toBe(false);
    await expect(page.getByText('or sign in').isVisible()).resolves.toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('login shows each validation message, then the server message for a wrong password', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(server.url + '/login');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByLabel('Username').fill('grandma');
    await expect(page.getByText('Username must be at least 3 characters').count()).resolves.toBe(0);
    await page.getByLabel('Password').fill('wrong-password');
    await expect(page.getByText('Password must be at least 6 characters').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Login' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Login failed').waitFor();
    await toast.getByText('Invalid username or password').waitFor();
    await expect(page.getByRole('button', { name: 'Login' }).isEnabled()).resolves.toBe(true);
    // The server refused with 401: that network error is expected, nothing else.
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    await context.close();
  });

  test('the right password leads to the signed-in app; /login then redirects to /', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(server.url + '/login');
    await waitForHydration(page);
    await page.getByLabel('Username').fill('grandma');
    await page.getByLabel('Password').fill('knitting123');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(server.url + '/');
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    await page.goto(server.url + '/login');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('not found and access', () => {
  test('an unknown route answers 404 with the not-found page', async () => {
    const { page, problems, context } = await openPage(browser);
    const response = await page.goto(server.url + '/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await waitForHydration(page);
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await context.close();
  });

  test('guests on signed-in routes go to /login; a non-admin on /admin gets Access Denied (403)', async () => {
    for (const path of ['/search', '/albums', '/album/1', '/playlists', '/playlists/2', '/admin']) {
      const response = await server.request(path, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login');
    }
    const cookie = await server.signUp('kiddo');
    const denied = await server.request('/admin', { cookie });
    expect(denied.status).toBe(403);
    const html = await denied.text();
    expect(html).toContain('Access Denied');
    expect(html).toContain('You need admin privileges to access this page.');
  });
});
