import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { PlaylistDto, SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser, openPage, waitForHydration } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { createPlaylist, uploadSong } from './seed.ts';
import { type SignedInPage, PHONE, inEachLook, openSignedIn, expectToast } from './signed-in.ts';

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let kid: string;
let bedtime: SongDto;
let family: PlaylistDto;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  bedtime = await uploadSong(server, admin, 'tagged.mp3', { title: 'Bedtime' });
  await uploadSong(server, admin, 'tone.ogg', { title: 'Morning', artist: 'Grandpa Joe' });
  await uploadSong(server, admin, 'tone.wav', { title: 'Lullaby' });
  family = await createPlaylist(server, admin, 'Family Mix', [bedtime.id]);
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const row = (page: Page, title: string) => page.getByRole('list', { name: 'Songs' }).getByRole('listitem').filter({ hasText: title });

async function openAddDialog(page: Page, title: string) {
  await row(page, title).getByRole('button', { name: `Options for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Add to Playlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Playlist' });
  await dialog.waitFor();
  return dialog;
}

async function playlistSongs(cookie: string, id: number): Promise<string[]> {
  const response = await server.request(`/api/playlists/${id}/songs`, { cookie });
  return ((await response.json()) as SongDto[]).map((song) => song.title);
}

/** The statuses of the page's adds to a playlist, as they come back. */
function trackAdds(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && /\/api\/playlists\/\d+\/songs$/.test(response.url())) statuses.push(response.status());
  });
  return statuses;
}

async function close({ context, problems }: SignedInPage, allowed: RegExp[] = []) {
  expect(problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)))).toEqual([]);
  await context.close();
}

describe('Add to Playlist from the library', () => {
  test('a plain user with no playlists builds one from the menu: Creating..., the check, the toast, closed after 1 s', async () => {
    const opened = await openSignedIn(browser, server, kid, '/');
    const { page } = opened;
    const dialog = await openAddDialog(page, 'Morning');
    await dialog.getByText('No playlists yet').waitFor();
    await dialog.getByRole('button', { name: 'Create New Playlist' }).click();
    const name = dialog.getByPlaceholder('Playlist name');
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    // Hold the create until 'Creating...' has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/playlists', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await name.fill('Car songs');
    await dialog.getByRole('button', { name: 'Create & Add' }).click();
    await dialog.getByRole('button', { name: 'Creating...' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Creating...' }).isDisabled()).toBe(true);
    // The page times the check and the close itself: on a loaded machine the test may see the
    // check late, which would shorten a gap measured here.
    await page.evaluate(() => {
      const seen: { checked?: number; closed?: number } = {};
      (window as unknown as { addTimes: typeof seen }).addTimes = seen;
      new MutationObserver(() => {
        seen.checked ??= document.querySelector('[role="dialog"] [aria-label="Added"]') ? performance.now() : undefined;
        if (seen.checked !== undefined && !document.querySelector('[role="dialog"]')) seen.closed ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    release();
    await dialog.getByRole('button', { name: /Car songs/ }).getByLabel('Added').waitFor();
    await expectToast(page, 'Added to playlist', '"Morning" added successfully');
    await dialog.waitFor({ state: 'hidden' });
    const times = await page.evaluate(() => (window as unknown as { addTimes: { checked: number; closed: number } }).addTimes);
    expect(times.closed - times.checked).toBeGreaterThanOrEqual(900);
    const mine = (await (await server.request('/api/playlists', { cookie: kid })).json()) as PlaylistDto[];
    expect(mine.map((p) => p.name)).toEqual(['Car songs']);
    expect(await playlistSongs(kid, mine[0]!.id)).toEqual(['Morning']);
    await close(opened);
  });

  test('an admin picks an existing playlist (artwork or placeholder) and the song is in it', async () => {
    const opened = await openSignedIn(browser, server, admin, '/', { viewport: PHONE });
    const dialog = await openAddDialog(opened.page, 'Morning');
    const choice = dialog.getByRole('list', { name: 'Playlists' }).getByRole('button', { name: /Family Mix/ });
    // Family Mix starts with Bedtime, whose artwork it shows (once its picture has come).
    await choice.locator('img').waitFor();
    expect(await choice.locator('img').count()).toBe(1);
    expect(await checkLayout(opened.page)).toEqual(CLEAN_LAYOUT);
    await choice.click();
    await choice.getByLabel('Added').waitFor();
    await expectToast(opened.page, 'Added to playlist', '"Morning" added successfully');
    await dialog.waitFor({ state: 'hidden' });
    expect(await playlistSongs(admin, family.id)).toEqual(['Bedtime', 'Morning']);
    await close(opened);
  });

  test("a failed playlist load says so; Try Again loads them", async () => {
    const opened = await openSignedIn(browser, server, admin, '/');
    const { page } = opened;
    await page.route('**/api/playlists', (route) => route.abort());
    const dialog = await openAddDialog(page, 'Bedtime');
    await dialog.getByText('Failed to load playlists').waitFor();
    await page.unroute('**/api/playlists');
    await dialog.getByRole('button', { name: 'Try Again' }).click();
    await dialog.getByRole('button', { name: /Family Mix/ }).waitFor();
    await close(opened, [/Failed to load resource/]);
  });

  test('a playlist already holding the song is marked, and a tap says so kindly, also when the server is the one to know', async () => {
    const opened = await openSignedIn(browser, server, admin, '/', { viewport: PHONE });
    const { page } = opened;
    const sent = trackAdds(page);
    // Bedtime is already in Family Mix: marked, and a tap is an info toast, not an error.
    let dialog = await openAddDialog(page, 'Bedtime');
    const mix = dialog.getByRole('list', { name: 'Playlists' }).getByRole('button', { name: /Family Mix/ });
    await mix.getByText('Already added').waitFor();
    await mix.click();
    await expectToast(page, 'Already in this playlist', '"Bedtime" is already in "Family Mix"');
    expect(await page.getByTestId('toast').getAttribute('data-variant')).toBe('info');
    expect(sent).toEqual([]);
    expect(await dialog.isVisible()).toBe(true);
    expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The song lands in the playlist elsewhere while the dialog shows it free: the server's 409 is kind too.
    await page.route('**/api/playlists/containing/*', (route) => route.fulfill({ json: { playlistIds: [] } }));
    const fresh = page.waitForResponse((response) => response.url().includes('/api/playlists/containing/'));
    dialog = await openAddDialog(page, 'Bedtime');
    // The dialog may first show what it read before; the tap waits for the fresh (free) answer.
    await fresh;
    const freeMix = dialog.getByRole('button', { name: /Family Mix/ });
    await freeMix.waitFor();
    await freeMix.getByText('Already added').waitFor({ state: 'detached' });
    // The first tap's toast may still show the same words: wait for this tap's answer.
    const answered = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/playlists\/\d+\/songs$/.test(response.url()));
    await freeMix.click();
    await answered;
    await expectToast(page, 'Already in this playlist', '"Bedtime" is already in "Family Mix"');
    expect(await page.getByTestId('toast').getAttribute('data-variant')).toBe('info');
    expect(sent).toEqual([409]);
    expect(await playlistSongs(admin, family.id)).toEqual(['Bedtime', 'Morning']);
    await close(opened, [/409/]);
  });

  test('errors: the server message, or the fallback when the connection drops', async () => {
    const opened = await openSignedIn(browser, server, admin, '/');
    const { page } = opened;
    let dialog = await openAddDialog(page, 'Bedtime');
    // The server refuses a name that is too long, with its own words.
    await dialog.getByRole('button', { name: 'Create New Playlist' }).click();
    await dialog.getByPlaceholder('Playlist name').fill('x'.repeat(201));
    await dialog.getByRole('button', { name: 'Create & Add' }).click();
    await expectToast(page, 'Error', 'Playlist name must be at most 200 characters');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The connection drops: the product's fallback texts.
    await page.route('**/api/playlists/*/songs', (route) => route.abort());
    dialog = await openAddDialog(page, 'Lullaby');
    await dialog.getByRole('button', { name: /Family Mix/ }).click();
    await expectToast(page, 'Error', 'Failed to add song to playlist');
    await page.route('**/api/playlists', (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
    await dialog.getByRole('button', { name: 'Create New Playlist' }).click();
    await dialog.getByPlaceholder('Playlist name').fill('Road trip');
    await dialog.getByRole('button', { name: 'Create & Add' }).click();
    await expectToast(page, 'Error', 'Failed to create playlist');
    expect(await playlistSongs(admin, family.id)).not.toContain('Road trip');
    await close(opened, [/Failed to load resource/]);
  });
});

describe('Share from the library', () => {
  test("copies the song's link ('Copied!' for 2 s, the toast), and the link plays in a fresh context", async () => {
    const opened = await openSignedIn(browser, server, kid, '/');
    const { page } = opened;
    await row(page, 'Bedtime').getByRole('button', { name: 'Options for Bedtime' }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const copied = row(page, 'Bedtime').getByRole('button', { name: 'Copied!' });
    await copied.waitFor();
    await expectToast(page, 'Link copied!', 'Share link copied to clipboard');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${server.url}/share/${bedtime.shareId}`);
    await row(page, 'Bedtime').getByRole('button', { name: 'Options for Bedtime' }).waitFor({ timeout: 3000 });
    const guest = await openPage(browser);
    await guest.page.goto(link);
    await guest.page.getByRole('heading', { name: 'Bedtime' }).waitFor();
    await waitForHydration(guest.page);
    await guest.page.getByRole('button', { name: 'Play', exact: true }).click();
    // It plays: the seek bar moves off zero.
    await guest.page.waitForFunction(() => Number(document.querySelector('[role="slider"][aria-label="Seek"]')?.getAttribute('aria-valuenow')) > 0);
    await close(guest);
    await close(opened);
  });
});

describe('layout', () => {
  test('library with its menus at 390 and 1280 px, light and dark', async () => {
    const opened = await openSignedIn(browser, server, kid, '/', { viewport: PHONE });
    const { page } = opened;
    await row(page, 'Bedtime').waitFor();
    await inEachLook(page, async () => {
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    });
    await page.getByRole('button', { name: 'Display options' }).click();
    await page.getByRole('menuitemradio', { name: 'Title Only' }).waitFor();
    await inEachLook(page, async () => {
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    });
    await page.keyboard.press('Escape');
    const dialog = await openAddDialog(page, 'Bedtime');
    await dialog.getByRole('button', { name: 'Create New Playlist' }).waitFor();
    await inEachLook(page, async () => {
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    });
    await close(opened);
  });
});
