import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { createPlaylist, uploadSong } from './seed.ts';
import { expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let kid: string;
let bedtime: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  bedtime = (await uploadSong(server, admin, 'tone.ogg', { title: 'Bedtime', artist: 'Grandpa Joe' })).id;
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const unexpected = (problems: string[]) => problems.filter((p) => !p.includes('net::ERR_FAILED') && !p.includes('403'));
const rowTitles = (page: Page) => page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: /^Move / }).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')!.slice(5)));
const menu = async (page: Page, item: string) => {
  await page.getByRole('button', { name: 'Playlist options' }).click();
  await page.getByRole('menuitem', { name: item }).click();
};

describe('playlist actions', () => {
  test('rename: blank names are refused (Enter too); a rename shows at once; a failure says so', async () => {
    const playlist = await createPlaylist(server, kid, 'Old Name', []);
    const { page, problems, context } = await openSignedIn(browser, server, kid, `/playlists/${playlist.id}`);
    await page.getByRole('heading', { name: 'No songs in this playlist' }).waitFor();
    const patches: string[] = [];
    page.on('request', (request) => request.method() === 'PATCH' && patches.push(request.url()));
    await menu(page, 'Rename');
    const dialog = page.getByRole('dialog', { name: 'Rename Playlist' });
    await dialog.getByText('Update your playlist name').waitFor();
    const name = dialog.getByLabel('Name');
    expect(await name.inputValue()).toBe('Old Name');
    await name.fill('  ');
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await name.press('Enter');
    await name.fill('New Name');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Playlist updated');
    await page.getByRole('heading', { name: 'New Name', level: 1 }).waitFor();
    expect(patches.length).toBe(1);

    await page.route(`**/api/playlists/${playlist.id}`, (route) => (route.request().method() === 'PATCH' ? route.abort() : route.continue()));
    await menu(page, 'Rename');
    await dialog.getByLabel('Name').fill('Newer Name');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Failed to rename playlist', 'An error occurred while renaming the playlist');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'New Name', level: 1 }).waitFor();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  test('someone else\'s playlist: the server refuses rename and remove, and its message shows', async () => {
    const playlist = await createPlaylist(server, admin, 'Mum Only', [bedtime]);
    const { page, problems, context } = await openSignedIn(browser, server, kid, `/playlists/${playlist.id}`);
    await menu(page, 'Rename');
    const dialog = page.getByRole('dialog', { name: 'Rename Playlist' });
    await dialog.getByLabel('Name').fill('Mine Now');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Failed to rename playlist', 'Only the person who made this playlist (or an admin) can change it');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Mum Only', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Options for Bedtime' }).click();
    await page.getByRole('menuitem', { name: 'Remove from Playlist' }).click();
    await expectToast(page, 'Failed to remove song', 'Only the person who made this playlist (or an admin) can change it');
    expect(await rowTitles(page)).toEqual(['Bedtime']);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  test('delete: a failure closes the confirmation and says so; then to the trash and back to /playlists', async () => {
    const playlist = await createPlaylist(server, kid, 'Goodbye', []);
    const { page, problems, context } = await openSignedIn(browser, server, kid, `/playlists/${playlist.id}`);
    await page.route(`**/api/playlists/${playlist.id}`, (route) => (route.request().method() === 'DELETE' ? route.abort() : route.continue()));
    await menu(page, 'Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Delete Playlist?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Failed to delete playlist', 'An error occurred while deleting the playlist');
    await confirm.waitFor({ state: 'detached' });
    await page.unroute(`**/api/playlists/${playlist.id}`);
    await menu(page, 'Delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Playlist deleted', 'Moved to trash');
    await page.waitForURL(server.url + '/playlists');
    await page.getByRole('heading', { name: 'Playlists', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Goodbye' }).count()).toBe(0);
    expect((await server.request(`/api/playlists/${playlist.id}`, { cookie: kid })).status).toBe(404);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  test('an admin may change a member\'s playlist', async () => {
    const playlist = await createPlaylist(server, kid, 'Kiddo\'s Mix', []);
    const { page, problems, context } = await openSignedIn(browser, server, admin, `/playlists/${playlist.id}`);
    await menu(page, 'Rename');
    const dialog = page.getByRole('dialog', { name: 'Rename Playlist' });
    await dialog.getByLabel('Name').fill('Family Mix');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Playlist updated');
    await page.getByRole('heading', { name: 'Family Mix', level: 1 }).waitFor();
    await menu(page, 'Add Songs');
    await page.getByRole('button', { name: 'Add Bedtime' }).click();
    await expectToast(page, 'Song added!', 'Song successfully added to playlist');
    await page.locator('ul[aria-label="Songs"] [aria-label="Move Bedtime"]').waitFor({ state: 'attached' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
