import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { findUserByUsername } from '../../db/queries/users.ts';
import { releaseBrowser, sharedBrowser, openPage, waitForHydration } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { sineWav } from './player-fixtures.ts';
import { insertSong } from '../testing/factories.ts';
import { createPlaylist } from './seed.ts';
import { WIDE, inEachLook, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

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
const accountRow = (page: Page, name: string) => page.getByTestId('account-row').filter({ has: page.getByText(name, { exact: true }) });
const openMenu = async (page: Page, name: string) => {
  await page.getByRole('button', { name: `Options for ${name}`, exact: true }).click();
  return page.getByRole('menu');
};

/** A fresh browser with no session signs in on /login; answers the page once the Library shows. */
async function logInFresh(username: string, password: string) {
  const opened = await openPage(browser, { viewport: WIDE });
  await opened.page.goto(`${server.url}/login`);
  await waitForHydration(opened.page);
  await opened.page.getByLabel('Username').fill(username);
  await opened.page.getByLabel('Password').fill(password);
  await opened.page.getByRole('button', { name: 'Login', exact: true }).click();
  return opened;
}

describe('family accounts', () => {
  test('an account created in Settings signs in in a fresh browser; the documented texts guard the form', async () => {
    const { page, problems, context } = await openSettings();
    await page.getByRole('button', { name: 'Add Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Account' });
    await dialog.getByLabel('Username').fill('gr');
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await dialog.getByText('Username must be at least 3 characters').waitFor();
    await dialog.getByText('Password must be at least 6 characters').waitFor();
    await dialog.getByLabel('Username').fill('grandpa');
    await dialog.getByLabel('Password').fill('pipe-and-slippers');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Account created', '"grandpa" can now log in');
    await dialog.waitFor({ state: 'detached' });
    await accountRow(page, 'grandpa').getByText('0 playlists').waitFor();

    // A taken name: the server's 409 text, the dialog stays open with what was typed.
    await page.getByRole('button', { name: 'Add Account' }).click();
    await dialog.getByLabel('Username').fill('GRANDPA');
    await dialog.getByLabel('Password').fill('another-secret');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Failed to create account', 'That username is already taken');
    expect(await dialog.getByLabel('Username').inputValue()).toBe('GRANDPA');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const fresh = await logInFresh('grandpa', 'pipe-and-slippers');
    await fresh.page.waitForURL(`${server.url}/`);
    await fresh.page.getByRole('heading', { name: 'Library' }).waitFor();
    await fresh.context.close();
    // The taken name's 409 is the console's only line.
    expect(problems.filter((line) => !line.includes('409'))).toEqual([]);
    await context.close();
  });

  test('a password reset signs the user out: the old password is refused, the new one accepted', async () => {
    const kid = await server.signUp('kiddo', { password: 'crayons99' });
    const { page, context } = await openSettings();
    await (await openMenu(page, 'kiddo')).getByRole('menuitem', { name: 'Reset Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    await dialog.getByText('They will be signed out on every device, and their app passwords for phone apps will stop working.').waitFor();
    await dialog.getByLabel('New Password').fill('tiny');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await dialog.getByText('Password must be at least 6 characters').waitFor();
    await dialog.getByLabel('New Password').fill('markers123');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password reset', '"kiddo" was signed out everywhere and their app passwords were revoked');
    await dialog.waitFor({ state: 'detached' });
    expect((await server.request('/api/user', { cookie: kid })).status).toBe(401);

    const old = await logInFresh('kiddo', 'crayons99');
    await expectToast(old.page, 'Login failed', 'Invalid username or password');
    await old.context.close();
    const fresh = await logInFresh('kiddo', 'markers123');
    await fresh.page.getByRole('heading', { name: 'Library' }).waitFor();
    await fresh.context.close();
    await context.close();
  });

  test('the last admin cannot be demoted or removed, and the page says why; a stale page gets the 409 text', async () => {
    const { page, context } = await openSettings();
    const mine = accountRow(page, 'mum');
    await mine.getByTestId('last-admin-note').waitFor();
    expect(await mine.getByTestId('last-admin-note').innerText()).toBe("The only admin: can't be demoted or removed, as Hearth needs at least one admin.");
    let menu = await openMenu(page, 'mum');
    expect(await menu.getByRole('menuitem', { name: 'Revoke Admin' }).getAttribute('aria-disabled')).toBe('true');
    expect(await menu.getByRole('menuitem', { name: 'Remove' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    // Make another admin from the page; then, behind the page's back, that admin steps down.
    await (await openMenu(page, 'kiddo')).getByRole('menuitem', { name: 'Make Admin' }).click();
    await expectToast(page, 'Account updated', '"kiddo" is now an admin');
    await mine.getByTestId('last-admin-note').waitFor({ state: 'detached' });
    const kiddoId = findUserByUsername(server.db, 'kiddo')!.id;
    expect((await server.request(`/api/users/${kiddoId}`, { method: 'PATCH', cookie: admin, json: { isAdmin: false } })).status).toBe(200);
    menu = await openMenu(page, 'mum');
    await menu.getByRole('menuitem', { name: 'Revoke Admin' }).click();
    await expectToast(page, 'Failed to update account', 'Hearth needs at least one admin. Make someone else an admin first.');
    // The list refreshed: mum is still the admin, and the note is back.
    await mine.getByTestId('last-admin-note').waitFor();
    expect((await server.request('/api/user', { cookie: admin })).status).toBe(200);
    await context.close();
  });

  test('an admin who steps down (another admin remains) leaves the admin area for the Library', async () => {
    const gran = await server.signUp('gran', { password: 'teapot99', isAdmin: true });
    const { page, context } = await openSignedIn(browser, server, gran, '/admin/settings');
    await (await openMenu(page, 'gran')).getByRole('menuitem', { name: 'Revoke Admin' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    expect((await server.request('/api/settings', { cookie: gran })).status).toBe(403);
    await context.close();
  });

  test('removing a user says how many playlists go with them; they go', async () => {
    const aunt = await server.signUp('auntie', { password: 'knitting9' });
    await createPlaylist(server, aunt, 'Knitting songs', []);
    await createPlaylist(server, aunt, 'Tea time', []);
    const { page, context } = await openSettings();
    await accountRow(page, 'auntie').getByText('2 playlists').waitFor();
    await (await openMenu(page, 'auntie')).getByRole('menuitem', { name: 'Remove' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove auntie?' });
    expect(await confirm.getByText('"auntie" will no longer be able to log in. Their 2 playlists will be removed too. This cannot be undone.').count()).toBe(1);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Account removed', '"auntie" and their playlists were removed');
    await accountRow(page, 'auntie').waitFor({ state: 'detached' });
    expect((await server.request('/api/user', { cookie: aunt })).status).toBe(401);
    await context.close();
  });
});

describe('sharing', () => {
  test('the default expiry saved in Settings is preselected on /share for an admin only', async () => {
    const { page, context } = await openSettings();
    await page.getByLabel('Default Link Expiration').click();
    await page.getByRole('option', { name: '1 Week' }).click();
    await expectToast(page, 'Settings saved');
    await page.goto(`${server.url}/share`);
    await waitForHydration(page);
    expect(await page.getByLabel('Link Expiration').innerText()).toBe('1 Week');
    await page.getByTestId('file-input').setInputFiles(join(TESTDATA, 'tagged.mp3'));
    await page.getByRole('button', { name: 'Create Share Link' }).click();
    await page.getByText('Share Link Created!').waitFor();
    const shares = await (await server.request('/api/temp-shares', { cookie: admin })).json();
    expect(Date.parse(shares[0].expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    await context.close();
    const guest = await openPage(browser);
    await guest.page.goto(`${server.url}/share`);
    await waitForHydration(guest.page);
    expect(await guest.page.getByLabel('Link Expiration').count()).toBe(0);
    await guest.context.close();
  });

  test("a temporary share is listed with its facts and deleted after a confirmation; the guests' quota follows", async () => {
    // A real WAV of a few MB, so the sizes and the quota show more than 0.00 MB.
    const wav = sineWav(30, 440);
    const form = new FormData();
    form.set('file', new File([wav], 'birthday.wav'));
    form.set('title', 'Birthday song');
    form.set('sharedBy', 'Grandma');
    expect((await server.request('/api/temp-share', { method: 'POST', body: form })).status).toBe(201);
    const { page, context } = await openSettings();
    const row = page.getByTestId('temp-share-row').filter({ hasText: 'Birthday song' });
    await row.waitFor();
    const size = (wav.length / 1048576).toFixed(2);
    expect(Number(size)).toBeGreaterThan(0.1);
    expect(await row.innerText()).toContain(`Shared by Grandma · ${size} MB`);
    expect(await row.innerText()).toContain('Never expires');
    const mb = (bytes: number) => (bytes / 1048576).toFixed(2);
    const used = (await (await server.request('/api/settings', { cookie: admin })).json()).guestQuota.usedBytes as number;
    expect(await page.getByTestId('guest-quota').innerText()).toBe(`Guests' uploads: ${mb(used)} MB of 2048.00 MB used`);
    await row.getByRole('button', { name: 'Delete Birthday song' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Share?' });
    await confirm.getByText('The link to "Birthday song" will stop working. This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Share deleted', 'The link to "Birthday song" no longer works');
    await row.waitFor({ state: 'detached' });
    await page.getByText(`Guests' uploads: ${mb(used - wav.length)} MB of 2048.00 MB used`).waitFor();
    await context.close();
  });
});

test('failed deletes close their confirmation and say so; nothing is lost', async () => {
  await server.signUp('uncle', { password: 'fishing99' });
  const form = new FormData();
  form.set('file', Bun.file(join(TESTDATA, 'tone.ogg')), 'tone.ogg');
  form.set('title', 'Kept song');
  expect((await server.request('/api/temp-share', { method: 'POST', body: form })).status).toBe(201);
  const { page, context } = await openSettings();
  await page.route('**/api/users/*', (route) => (route.request().method() === 'DELETE' ? route.abort('connectionreset') : route.continue()));
  await page.route('**/api/temp-shares/*', (route) => (route.request().method() === 'DELETE' ? route.abort('connectionreset') : route.continue()));
  await (await openMenu(page, 'uncle')).getByRole('menuitem', { name: 'Remove' }).click();
  await page.getByRole('alertdialog', { name: 'Remove uncle?' }).getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Failed to remove account', 'Please try again');
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });
  await accountRow(page, 'uncle').waitFor();
  const row = page.getByTestId('temp-share-row').filter({ hasText: 'Kept song' });
  await row.getByRole('button', { name: 'Delete Kept song' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Share?' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Failed to delete share', 'Please try again');
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });
  await row.waitFor();
  await context.close();
});

test('the settings page lays out cleanly at 390 and 1280 px, light and dark', async () => {
  const { page, context, problems } = await openSettings();
  await page.getByTestId('account-row').first().waitFor();
  await inEachLook(page, async ({ viewport, theme }) => {
    expect([viewport.width, theme, await checkLayout(page)]).toEqual([viewport.width, theme, CLEAN_LAYOUT]);
    expect(problems).toEqual([]);
  });
  await context.close();
});

describe('loudness', () => {
  test('the Loudness card counts the measurement, names a failure with its reason, and saves the normalisation', async () => {
    insertSong(server.db, { title: 'Old Tape', loudnessStatus: 'failed', loudnessError: 'The audio file is missing' });
    insertSong(server.db, { loudnessStatus: 'measured', trackGain: -4 });
    const { page, context } = await openSettings();
    const counts = page.getByTestId('loudness-counts');
    await counts.waitFor();
    expect(await counts.innerText()).toMatch(/^\d+ measured · \d+ waiting · 1 failed$/);
    expect(await page.getByRole('list', { name: 'Songs that could not be measured' }).innerText()).toBe('Old Tape: The audio file is missing');
    expect(await page.getByLabel('Normalisation').innerText()).toBe('Albums as a whole (auto)');
    await page.getByLabel('Normalisation').click();
    await page.getByRole('option', { name: 'Every song alike (track)' }).click();
    await expectToast(page, 'Settings saved');
    expect((await (await server.request('/api/settings', { cookie: admin })).json()).normalisation).toBe('track');
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByLabel('Normalisation').innerText()).toBe('Every song alike (track)');
    await context.close();
  });
});
