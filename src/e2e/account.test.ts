import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { UserDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { createAlbum, uploadSong } from './seed.ts';
import { type SignedInPage, inEachLook, openSignedIn, expectToast } from './signed-in.ts';

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  const album = await createAlbum(server, admin, 'Sleepy Time');
  await uploadSong(server, admin, 'tone.ogg', { title: 'Bedtime', artist: 'Gran', albumId: album.id });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** A new plain user per test, so each starts from the server's default preference. */
let users = 0;
async function newKid(): Promise<string> {
  users += 1;
  return server.signUp(`kid${users}`, { password: 'crayons99' });
}

const preferenceOf = async (cookie: string) => ((await (await server.request('/api/user', { cookie })).json()) as UserDto).displayPreference;
const subtitle = (page: Page) => page.getByRole('list', { name: 'Songs' }).getByRole('listitem').first().innerText();

async function close({ context, problems }: SignedInPage, allowed: RegExp[] = []) {
  expect(problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)))).toEqual([]);
  await context.close();
}

describe('/account', () => {
  test('a plain user: heading, username, the four choices; a choice is saved and the library follows, also after a reload', async () => {
    const kid = await newKid();
    const opened = await openSignedIn(browser, server, kid, '/account');
    const { page } = opened;
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    expect(await page.getByTestId('account-username').innerText()).toBe('kid1');
    expect(await page.getByText('Admin', { exact: true }).count()).toBe(0);
    const group = page.getByRole('group', { name: 'Library subtitle' });
    const radios = group.getByRole('radio');
    expect(await radios.count()).toBe(4);
    for (const label of ['Title Only', 'Show Artist', 'Show Album', 'Artist & Album']) await group.getByLabel(label).waitFor();
    const initial = await preferenceOf(kid);
    expect(await group.locator(`input[value="${initial}"]`).isChecked()).toBe(true);
    await page.getByRole('heading', { name: 'Password', exact: true }).waitFor();
    await page.getByRole('form', { name: 'Change Password' }).waitFor();
    expect(await page.getByText('ask an admin').count()).toBe(0);

    const answered = page.waitForResponse((response) => response.url().endsWith('/api/user/display-preference'));
    await group.getByLabel('Show Album').check();
    expect((await answered).request().postDataJSON()).toEqual({ displayPreference: 'album' });
    expect(await preferenceOf(kid)).toBe('album');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Library' }).click();
    expect(await subtitle(page)).toMatch(/^Bedtime\nSleepy Time\n0:01$/);
    await page.reload();
    expect(await subtitle(page)).toMatch(/^Bedtime\nSleepy Time\n0:01$/);
    await close(opened);
  });

  test('a member changes their own password: the form checks the fields, a wrong current password is refused, the other device is signed out', async () => {
    const name = 'pat';
    const kid = await server.signUp(name, { password: 'crayons99' });
    const elsewhere = await openSignedIn(browser, server, await server.login(name, 'crayons99'), '/account');
    const opened = await openSignedIn(browser, server, kid, '/account');
    const { page } = opened;
    const form = page.getByRole('form', { name: 'Change Password' });
    await page.getByText('Changing it signs you out on your other devices. Your app passwords keep working.').waitFor();
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Enter your current password').waitFor();
    await form.getByText('Password must be at least 6 characters').waitFor();
    await form.getByLabel('Current Password').fill('not-my-password');
    await form.getByLabel('New Password', { exact: true }).fill('markers123');
    await form.getByLabel('Confirm New Password').fill('markers321');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('The new passwords do not match').waitFor();
    await form.getByLabel('Confirm New Password').fill('markers123');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Failed to change password', 'Your current password is not right');
    expect((await server.request('/api/user', { cookie: kid })).status).toBe(200);

    await form.getByLabel('Current Password').fill('crayons99');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Password changed', 'You were signed out on your other devices.');
    expect(await form.getByLabel('Current Password').inputValue()).toBe('');
    await elsewhere.page.reload();
    await elsewhere.page.getByRole('heading', { name: 'Login' }).waitFor();
    expect(new URL(elsewhere.page.url()).pathname).toBe('/login');
    await page.reload();
    expect(await page.getByTestId('account-username').innerText()).toBe(name);
    expect((await server.request('/api/login', { method: 'POST', json: { username: name, password: 'markers123' } })).status).toBe(200);
    await close(elsewhere);
    await close(opened, [/status of 400/]);
  });

  test("an admin's page marks the account as Admin", async () => {
    const opened = await openSignedIn(browser, server, admin, '/account');
    expect(await opened.page.getByTestId('account-username').innerText()).toBe('mum');
    await opened.page.getByText('Admin', { exact: true }).waitFor();
    await close(opened);
  });
});

describe("the library's display menu", () => {
  test('subtitles change at once, before the server answers; the answer persists over a reload and shows on /account', async () => {
    const kid = await newKid();
    const opened = await openSignedIn(browser, server, kid, '/');
    const { page } = opened;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/display-preference', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Display options' }).click();
    const initial = await preferenceOf(kid);
    const labels = { nothing: 'Title Only', artist: 'Show Artist', album: 'Show Album', 'artist-album': 'Artist & Album' };
    expect(await page.getByRole('menuitemradio', { name: labels[initial] }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('menuitemradio', { name: 'Artist & Album' }).click();
    await page.waitForFunction(() => document.querySelector('[aria-label="Songs"] li')?.textContent?.includes('Gran • Sleepy Time'));
    expect(await preferenceOf(kid)).toBe(initial);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/user/display-preference'));
    release();
    await answered;
    expect(await preferenceOf(kid)).toBe('artist-album');
    await page.unroute('**/api/user/display-preference');
    await page.getByRole('button', { name: 'Display options' }).click();
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/display-preference'));
    await page.getByRole('menuitemradio', { name: 'Title Only' }).click();
    await page.waitForFunction(() => document.querySelector('[aria-label="Songs"] li')?.textContent === 'Bedtime0:01');
    await saved;
    await page.reload();
    expect(await subtitle(page)).toMatch(/^Bedtime\n0:01$/);
    await page.getByRole('link', { name: 'Account: kid2' }).click();
    expect(await page.getByRole('group', { name: 'Library subtitle' }).getByLabel('Title Only').isChecked()).toBe(true);
    await close(opened);
  });

  test('a failed save puts the old subtitle back and says so', async () => {
    const kid = await newKid();
    await server.request('/api/user/display-preference', { method: 'PATCH', json: { displayPreference: 'artist' }, cookie: kid });
    const opened = await openSignedIn(browser, server, kid, '/');
    const { page } = opened;
    expect(await subtitle(page)).toMatch(/^Bedtime\nGran\n0:01$/);
    await page.route('**/api/user/display-preference', (route) => route.abort());
    await page.getByRole('button', { name: 'Display options' }).click();
    await page.getByRole('menuitemradio', { name: 'Show Album' }).click();
    await expectToast(page, 'Failed to save display preference');
    expect(await subtitle(page)).toMatch(/^Bedtime\nGran\n0:01$/);
    expect(await preferenceOf(kid)).toBe('artist');
    await close(opened, [/Failed to load resource/]);
  });
});

describe('layout', () => {
  test('/account at 390 and 1280 px, light and dark', async () => {
    const opened = await openSignedIn(browser, server, admin, '/account');
    await opened.page.getByRole('group', { name: 'Library subtitle' }).waitFor();
    await inEachLook(opened.page, async () => {
      expect(await checkLayout(opened.page)).toEqual(CLEAN_LAYOUT);
    });
    await close(opened);
  });
});
