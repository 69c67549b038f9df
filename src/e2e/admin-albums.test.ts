import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { AlbumDto, DeletedAlbumDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { createAlbum, uploadSong } from './seed.ts';
import { inEachLook, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let adminCookie: string;
let kidCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kidCookie = await server.signUp('kiddo', { password: 'crayons99' });
  const bedtime = await createAlbum(server, adminCookie, 'Bedtime');
  await uploadSong(server, adminCookie, 'tone.ogg', { title: 'Hush', albumId: bedtime.id });
  // An album whose only song is still pending: users never see it, admins do.
  const drafts = await createAlbum(server, adminCookie, 'Drafts Only');
  const form = new FormData();
  form.set('status', 'pending');
  form.set('file', new File([readFileSync(join(import.meta.dir, '../../media/testdata/tone.wav'))], 'tone.wav'));
  const pending = (await (await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: adminCookie })).json()) as { id: number };
  await server.request(`/api/songs/${pending.id}`, { method: 'PATCH', json: { albumId: drafts.id }, cookie: adminCookie });
  await createAlbum(server, adminCookie, 'apple Pie');
  await createAlbum(server, adminCookie, 'Songs We Sang on the Long Drive to Grandma\'s House Every Summer Holiday');
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const open = (options: Parameters<typeof openSignedIn>[4] = {}) => openSignedIn(browser, server, adminCookie, '/admin/albums', options);
const list = (page: Page) => page.getByRole('list', { name: 'Albums' });
const names = (page: Page) => list(page).getByRole('listitem').allInnerTexts();
const apiAlbums = async (cookie = adminCookie) => ((await (await server.request('/api/albums', { cookie })).json()) as AlbumDto[]).map((a) => a.name);
const deletedAlbums = async () => ((await (await server.request('/api/deleted/albums', { cookie: adminCookie })).json()) as DeletedAlbumDto[]).map((a) => a.name);
/** Counts requests the page sends for this method and path. */
function countRequests(page: Page, method: string, pattern: RegExp) {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === method && pattern.test(new URL(request.url()).pathname)) seen.count++;
  });
  return seen;
}

describe('the album list', () => {
  test('admins see every live album by name, including one holding only pending songs; users do not see that one', async () => {
    expect(await apiAlbums(kidCookie)).not.toContain('Drafts Only');
    const { page, problems, context } = await open();
    await list(page).waitFor();
    const shown = await names(page);
    expect(shown.slice(0, 3)).toEqual(['apple Pie', 'Bedtime', 'Drafts Only']);
    expect(problems).toEqual([]);
    await context.close();
  });

  // Opened on Settings, which reads no albums (the Music tab's album filter would have them
  // cached already, and reads are never stale): the Albums tab's own read is the one failed.
  test('loading fails: the reason and Try Again, which loads them', async () => {
    const { page, problems, context } = await openSignedIn(browser, server, adminCookie, '/admin/settings');
    let fail = true;
    await page.route('**/api/albums', (route) => (fail ? route.fulfill({ status: 500, json: { error: 'Database is busy' } }) : route.continue()));
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Albums' }).click();
    await page.getByRole('heading', { name: 'Failed to load albums' }).waitFor();
    await page.getByText('Database is busy').waitFor();
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await list(page).waitFor();
    expect(problems.filter((p) => !p.includes('500'))).toEqual([]);
    await context.close();
  });

  test('no albums: "No albums yet"', async () => {
    const { page, context } = await openSignedIn(browser, server, adminCookie, '/admin/settings');
    await page.route('**/api/albums', (route) => route.fulfill({ json: [] }));
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Albums' }).click();
    await page.getByRole('heading', { name: 'No albums yet' }).waitFor();
    await context.close();
  });
});

describe('Create Album', () => {
  test('disabled while the trimmed name is blank (Enter sends nothing), then creates, clears and lists it', async () => {
    const { page, problems, context } = await open();
    const posts = countRequests(page, 'POST', /^\/api\/albums$/);
    const input = page.getByLabel('Name');
    const button = page.getByRole('button', { name: 'Create Album' });
    expect(await button.isDisabled()).toBe(true);
    await input.fill('   ');
    expect(await button.isDisabled()).toBe(true);
    await input.press('Enter');
    await input.fill('  Road Trip  ');
    expect(await button.isEnabled()).toBe(true);
    await input.press('Enter');
    await expectToast(page, 'Album created successfully');
    expect(posts.count).toBe(1);
    expect(await input.inputValue()).toBe('');
    await list(page).getByText('Road Trip', { exact: true }).waitFor();
    expect(await apiAlbums()).toContain('Road Trip');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a taken name shows the server\'s reason; a request that never arrives shows "Failed to create album"', async () => {
    const { page, problems, context } = await open();
    await page.getByLabel('Name').fill('bedtime');
    await page.getByRole('button', { name: 'Create Album' }).click();
    await expectToast(page, 'Error', 'An album named "bedtime" already exists');
    await page.route('**/api/albums', (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue()));
    await page.getByLabel('Name').fill('Lost Album');
    await page.getByRole('button', { name: 'Create Album' }).click();
    await expectToast(page, 'Error', 'Failed to create album');
    // The name stays for another try.
    expect(await page.getByLabel('Name').inputValue()).toBe('Lost Album');
    expect(await apiAlbums()).not.toContain('Lost Album');
    expect(problems.filter((p) => !p.includes('409') && !p.includes('ERR_CONNECTION_RESET'))).toEqual([]);
    await context.close();
  });
});

describe('Edit (inline rename)', () => {
  test('prefilled; blank disables Save and Enter; Escape and Cancel keep the name; Save renames', async () => {
    const album = await createAlbum(server, adminCookie, 'Campfire');
    const { page, problems, context } = await open();
    const patches = countRequests(page, 'PATCH', /^\/api\/albums\/\d+$/);
    await page.getByRole('button', { name: 'Edit Campfire' }).click();
    const input = page.getByLabel('New name for Campfire');
    expect(await input.inputValue()).toBe('Campfire');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('  ');
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await input.press('Enter');
    await input.press('Escape');
    await list(page).getByText('Campfire', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit Campfire' }).click();
    await input.fill('Something else');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await list(page).getByText('Campfire', { exact: true }).waitFor();
    expect(patches.count).toBe(0);
    await page.getByRole('button', { name: 'Edit Campfire' }).click();
    await input.fill(' Campfire Songs ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Album updated successfully');
    await list(page).getByText('Campfire Songs', { exact: true }).waitFor();
    expect(patches.count).toBe(1);
    expect((await (await server.request(`/api/albums/${album.id}`, { cookie: adminCookie })).json()).name).toBe('Campfire Songs');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a failed rename says "Failed to update album" and keeps the form to try again', async () => {
    await createAlbum(server, adminCookie, 'Lullabies');
    const { page, problems, context } = await open();
    await page.route('**/api/albums/*', (route) => (route.request().method() === 'PATCH' ? route.abort('connectionreset') : route.continue()));
    await page.getByRole('button', { name: 'Edit Lullabies' }).click();
    await page.getByLabel('New name for Lullabies').fill('Night Songs');
    await page.getByLabel('New name for Lullabies').press('Enter');
    await expectToast(page, 'Error', 'Failed to update album');
    expect(await page.getByLabel('New name for Lullabies').inputValue()).toBe('Night Songs');
    expect(await apiAlbums()).toContain('Lullabies');
    expect(problems.filter((p) => !p.includes('ERR_CONNECTION_RESET'))).toEqual([]);
    await context.close();
  });
});

describe('Delete', () => {
  test('asks first; Cancel keeps it; Delete moves it to Deleted', async () => {
    await createAlbum(server, adminCookie, 'Old Album');
    const { page, problems, context } = await open();
    await page.getByRole('button', { name: 'Delete Old Album' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Album?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await apiAlbums()).toContain('Old Album');
    await page.getByRole('button', { name: 'Delete Old Album' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Album deleted successfully');
    await dialog.waitFor({ state: 'detached' });
    await list(page).getByText('Old Album', { exact: true }).waitFor({ state: 'detached' });
    expect(await apiAlbums()).not.toContain('Old Album');
    expect(await deletedAlbums()).toContain('Old Album');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a failed delete closes its confirmation: the server\'s reason, or "Failed to delete album" when none came', async () => {
    await createAlbum(server, adminCookie, 'Keeper');
    const { page, problems, context } = await open();
    let answer: 'refuse' | 'drop' = 'refuse';
    await page.route('**/api/albums/*', (route) => {
      if (route.request().method() !== 'DELETE') return route.continue();
      return answer === 'refuse' ? route.fulfill({ status: 403, json: { error: 'Only an admin can do that' } }) : route.abort('connectionreset');
    });
    const dialog = page.getByRole('alertdialog', { name: 'Delete Album?' });
    for (const [mode, text] of [['refuse', 'Only an admin can do that'], ['drop', 'Failed to delete album']] as const) {
      answer = mode;
      await page.getByRole('button', { name: 'Delete Keeper' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Error', text);
      await dialog.waitFor({ state: 'detached' });
    }
    await list(page).getByText('Keeper', { exact: true }).waitFor();
    expect(await apiAlbums()).toContain('Keeper');
    expect(problems.filter((p) => !p.includes('403') && !p.includes('ERR_CONNECTION_RESET'))).toEqual([]);
    await context.close();
  });
});

describe('layout', () => {
  test('clean at 390 and 1280 px, light and dark, with a rename open', async () => {
    const { page, problems, context } = await open();
    await list(page).waitFor();
    await inEachLook(page, async () => {
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    });
    await page.getByRole('button', { name: 'Edit Bedtime' }).click();
    await inEachLook(page, async () => {
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
      // Touch targets of at least 44 px.
      const save = await page.getByRole('button', { name: 'Save' }).boundingBox();
      expect(Math.min(save!.width, save!.height)).toBeGreaterThanOrEqual(44);
      expect(problems).toEqual([]);
    });
    await context.close();
  });
});
