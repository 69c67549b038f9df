import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { releaseBrowser, sharedBrowser, openPage, waitForHydration } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { sineWav } from './player-fixtures.ts';
import { uploadBytes, uploadSong } from './seed.ts';

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  await server.signUp('kiddo', { password: 'crayons99' });
  // A minute long: the seam test pauses, plays and navigates, which on a loaded machine outlasts a short tone.
  await uploadBytes(server, admin, 'bedtime.wav', sineWav(60, 440), { title: 'Bedtime', artist: 'Grandpa Joe' });
  await uploadSong(server, admin, 'tone.wav', { title: 'Morning' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

async function signIn(username: string, password: string, viewport = { width: 1280, height: 800 }) {
  const opened = await openPage(browser, { viewport });
  await opened.page.goto(server.url + '/login');
  await waitForHydration(opened.page);
  await opened.page.getByLabel('Username').fill(username);
  await opened.page.getByLabel('Password').fill(password);
  await opened.page.getByRole('button', { name: 'Login' }).click();
  await opened.page.waitForURL(server.url + '/');
  await waitForHydration(opened.page);
  return opened;
}

const sessionCookie = async (context: import('playwright-core').BrowserContext) => {
  const cookie = (await context.cookies()).find((c) => c.name === 'hearth_session')!;
  return `${cookie.name}=${cookie.value}`;
};

describe('log out', () => {
  test('from the sidebar on wide screens: the landing page shows and the old cookie gets 401', async () => {
    const { page, problems, context } = await signIn('kiddo', 'crayons99');
    expect(await page.getByTestId('signed-in-user').innerText()).toBe('kiddo');
    const cookie = await sessionCookie(context);
    expect((await server.request('/api/user', { cookie })).status).toBe(200);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(server.url + '/');
    await page.getByText('music for the whole family').waitFor();
    expect((await server.request('/api/user', { cookie })).status).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('from the user menu on small screens', async () => {
    const { page, problems, context } = await signIn('kiddo', 'crayons99', { width: 390, height: 844 });
    const cookie = await sessionCookie(context);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect((await server.request('/api/user', { cookie })).status).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('app routes', () => {
  test('/account is every user\'s page; /admin and its sub-addresses are admins\' only', async () => {
    const kid = await server.login('kiddo', 'crayons99');
    const admin = await server.login('mum', 'lullaby99');
    expect((await server.request('/account', { cookie: kid })).status).toBe(200);
    for (const path of ['/admin', '/admin/albums', '/admin/deleted', '/admin/settings']) {
      expect((await server.request(path, { cookie: admin })).status).toBe(200);
      expect((await server.request(path, { cookie: kid })).status).toBe(403);
      const guest = await server.request(path, { redirect: 'manual' });
      expect([guest.status, guest.headers.get('location')]).toEqual([302, '/login']);
    }
    expect((await server.request('/account', { redirect: 'manual' })).headers.get('location')).toBe('/login');
  });

  test('client-side navigation keeps the document and titles each view', async () => {
    const { page, problems, context } = await signIn('mum', 'lullaby99');
    await page.getByRole('link', { name: 'Account: mum' }).click();
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    expect(await page.title()).toBe('Account - Hearth');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Admin' }).waitFor();
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the wide sidebar: a member gets Account (no Settings dead end), an admin keeps Settings', async () => {
    const member = await signIn('kiddo', 'crayons99');
    const memberNav = member.page.getByRole('navigation', { name: 'Sidebar' });
    expect(await memberNav.getByRole('link').allInnerTexts()).toEqual(['Library', 'Playlists', 'Albums', 'Account']);
    await memberNav.getByRole('link', { name: 'Account' }).click();
    await member.page.getByRole('heading', { name: 'Account' }).waitFor();
    expect(new URL(member.page.url()).pathname).toBe('/account');
    expect(await memberNav.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
    expect(await member.page.getByText('Access Denied').count()).toBe(0);
    expect(member.problems).toEqual([]);
    await member.context.close();

    const admin = await signIn('mum', 'lullaby99');
    const adminNav = admin.page.getByRole('navigation', { name: 'Sidebar' });
    expect(await adminNav.getByRole('link').allInnerTexts()).toEqual(['Library', 'Playlists', 'Albums', 'Settings']);
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });
});

describe('the player seam', () => {
  test('clicking a library row plays its audio in the mini bar, and the bar pauses it', async () => {
    const { page, problems, context } = await signIn('kiddo', 'crayons99');
    const rows = page.getByRole('list', { name: 'Songs' }).getByRole('button');
    await rows.filter({ hasText: 'Bedtime' }).click();
    const bar = page.getByRole('region', { name: 'Player' });
    await bar.getByTestId('player-title').getByText('Bedtime').waitFor();
    await bar.getByText('Grandpa Joe').waitFor();
    // Real audio plays: the progress fill moves.
    await page.waitForFunction(() => Number.parseFloat((document.querySelector('[data-testid="player-progress"]') as HTMLElement).style.width) > 0);
    expect(await rows.filter({ hasText: 'Bedtime' }).getAttribute('aria-current')).toBe('true');
    await bar.getByRole('button', { name: 'Pause' }).click();
    await bar.getByRole('button', { name: 'Play' }).waitFor();
    // It keeps playing across client-side navigation.
    await bar.getByRole('button', { name: 'Play' }).click();
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Albums' }).click();
    await bar.getByRole('button', { name: 'Pause' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
