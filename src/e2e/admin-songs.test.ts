import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import type { AlbumDto, UserDto } from '../shared/types.ts';
import { ROW_ESTIMATE } from '../../islands/admin/songs/manage-list.tsx';
import { releaseBrowser, sharedBrowser, openPage } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { bulkBar, controls, expand, manage, rowTitles, serverSong, songRow, songsAs, waitForRowTitles, withoutFailedLoads } from './admin-songs-helpers.ts';
import { sineWav } from './player-fixtures.ts';
import { createAlbum, uploadBytes, uploadSong } from './seed.ts';
import { PHONE, WIDE, inEachLook, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let bedtime: AlbumDto;
let morning: AlbumDto;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  bedtime = await createAlbum(server, admin, 'Bedtime');
  morning = await createAlbum(server, admin, 'Morning');
  await createAlbum(server, admin, 'Empty Box');
  await uploadSong(server, admin, 'tone.ogg', { title: 'Twinkle', artist: 'Grandpa Joe', albumId: bedtime.id });
  await uploadSong(server, admin, 'tone.wav', { title: 'sunrise', artist: 'Granny', albumId: morning.id });
  const loose = await uploadSong(server, admin, 'tagged.mp3', { title: 'Loose Song' });
  await server.request(`/api/songs/${loose.id}/status`, { method: 'PATCH', json: { status: 'pending' }, cookie: admin });
  // tagged.mp3 brings an album from its tags: this one has none.
  await server.request(`/api/songs/${loose.id}`, { method: 'PATCH', json: { albumId: null }, cookie: admin });
  await uploadBytes(server, admin, 'edit.wav', sineWav(1, 380), { title: 'Edit Me', artist: 'Nobody' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** Waits until the server holds this display preference for the admin. */
async function savedPreference(value: string) {
  const deadline = Date.now() + 10_000;
  while (((await (await server.request('/api/user', { cookie: admin })).json()) as UserDto).displayPreference !== value) {
    if (Date.now() > deadline) throw new Error(`preference not saved as ${value}`);
    await Bun.sleep(25);
  }
}

const TALL = { width: 1280, height: 2400 };
/** /admin once its rows are in: the list renders only in the browser, so the controls are live. */
async function open(options: Parameters<typeof openSignedIn>[4] = {}) {
  const opened = await openSignedIn(browser, server, admin, '/admin', options);
  await opened.page.getByTestId('manage-row').first().waitFor();
  return opened;
}

describe('controls', () => {
  test('filter by album, None and All Albums; each sort orders the rows as it says', async () => {
    const { page, problems, context } = await open({ viewport: TALL });
    await songRow(page, 'Twinkle').waitFor();
    // The admin list's order is read once, by the document's preload, which the island picks up;
    // the whole list never is.
    const reads = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.startsWith('/api/songs/all')).map((e) => `${new URL(e.name).pathname} ${(e as PerformanceResourceTiming).initiatorType}`),
    );
    expect(reads).toEqual(['/api/songs/all/ids link', '/api/songs/all/rows fetch']);
    // Collapsed rows measure exactly the virtualizer's estimate (see ROW_ESTIMATE).
    const heights = await page.locator('ul[aria-label="Manage songs"] > li').evaluateAll((items) => items.map((li) => li.getBoundingClientRect().height));
    expect(new Set(heights)).toEqual(new Set([ROW_ESTIMATE]));
    const all = await songsAs(server, admin);
    const recent = [...all].sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1)).map((s) => s.title);
    expect(await rowTitles(page)).toEqual(recent);
    const filter = controls(page).getByLabel('Album', { exact: true });
    await filter.selectOption({ label: 'Bedtime' });
    await waitForRowTitles(page, ['Twinkle']);
    await filter.selectOption({ label: 'None' });
    await waitForRowTitles(page, recent.filter((t) => t === 'Loose Song' || t === 'Edit Me'));
    await filter.selectOption({ label: 'Empty Box' });
    await manage(page).getByText('No songs in this album.').waitFor();
    await filter.selectOption({ label: 'All Albums' });
    const sort = controls(page).getByLabel('Sort');
    await sort.selectOption({ label: 'Alphabetical' });
    await waitForRowTitles(page, ['Edit Me', 'Loose Song', 'sunrise', 'Twinkle']);
    await sort.selectOption({ label: 'By Status' });
    await page.waitForFunction(() => document.querySelector('[data-testid="manage-row"] span.font-medium')?.textContent === 'Loose Song');
    expect(await songRow(page, 'Loose Song').getByTestId('status-badge').textContent()).toBe('Pending');
    expect(await songRow(page, 'Twinkle').getByTestId('status-badge').textContent()).toBe('Published');
    await sort.selectOption({ label: 'Recently Added' });
    await waitForRowTitles(page, recent);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the display selector is the user's own preference: it changes the subtitles and is saved", async () => {
    const { page, problems, context } = await open();
    const row = songRow(page, 'Twinkle');
    await row.waitFor();
    const display = controls(page).getByLabel('Display');
    expect(await display.inputValue()).toBe('nothing');
    expect(await display.locator('option').allTextContents()).toEqual(['Title Only', 'Show Artist', 'Show Album', 'Artist & Album']);
    expect(await row.getByTestId('song-subtitle').count()).toBe(0);
    for (const [label, value, subtitle] of [['Show Artist', 'artist', 'Grandpa Joe'], ['Show Album', 'album', 'Bedtime'], ['Artist & Album', 'artist-album', 'Grandpa Joe • Bedtime']] as const) {
      await display.selectOption({ label });
      await row.getByTestId('song-subtitle').filter({ hasText: new RegExp(`^${subtitle}$`) }).waitFor();
      await savedPreference(value);
    }
    await display.selectOption({ label: 'Title Only' });
    await row.getByTestId('song-subtitle').waitFor({ state: 'detached' });
    await savedPreference('nothing');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Select All ticks every song of the filtered list; Deselect All clears them and the bulk bar goes', async () => {
    const { page, problems, context } = await open();
    await songRow(page, 'Twinkle').waitFor();
    await controls(page).getByLabel('Album', { exact: true }).selectOption({ label: 'None' });
    await controls(page).getByRole('button', { name: 'Select All' }).click();
    expect(await bulkBar(page).getByTestId('selected-count').textContent()).toBe('2 selected');
    expect(await manage(page).getByRole('checkbox', { checked: true }).count()).toBe(2);
    await controls(page).getByRole('button', { name: 'Deselect All' }).click();
    await bulkBar(page).waitFor({ state: 'detached' });
    expect(await manage(page).getByRole('checkbox', { checked: true }).count()).toBe(0);
    // One tick by hand shows the bar; the label offers Select All while not all are ticked.
    await songRow(page, 'Edit Me').getByRole('checkbox', { name: 'Select Edit Me' }).click();
    expect(await bulkBar(page).getByTestId('selected-count').textContent()).toBe('1 selected');
    await controls(page).getByRole('button', { name: 'Select All' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('states', () => {
  test('skeleton rows while the list loads; a failed load says so with the reason, and Try Again loads it', async () => {
    const { page, problems, context } = await openPage(browser, { viewport: WIDE });
    const [name, value] = admin.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/songs/all/ids*', async (route) => {
      await held;
      await route.fulfill({ status: 503, json: { error: 'The catalogue is resting' } });
    });
    await page.goto(`${server.url}/admin`);
    await manage(page).getByLabel('Loading songs').waitFor();
    answer();
    await manage(page).getByRole('alert').getByText('Failed to load songs').waitFor();
    await manage(page).getByText('The catalogue is resting').waitFor();
    await page.unroute('**/api/songs/all/ids*');
    await manage(page).getByRole('button', { name: 'Try Again' }).click();
    await songRow(page, 'Twinkle').waitFor();
    expect(withoutFailedLoads(problems)).toEqual([]);
    await context.close();
  });
});

describe('edit form', () => {
  test('title, artist, album and tags (Enter adds, a duplicate is ignored, a chip is removable) saved with Save Changes', async () => {
    const { page, problems, context } = await open();
    const row = await expand(page, 'Edit Me');
    await row.getByLabel('Title').fill('Edited Lullaby');
    await row.getByLabel('Artist').fill('Auntie May');
    await row.getByLabel('Album', { exact: true }).selectOption({ label: 'Morning' });
    const tags = row.getByLabel('Tags', { exact: true });
    for (const tag of ['  calm  ', 'sleepy', 'Calm', '   ', 'remove-me']) {
      await tags.fill(tag);
      await tags.press('Enter');
    }
    const chips = row.getByRole('list', { name: 'Current tags' }).getByRole('listitem');
    expect(await chips.allTextContents()).toEqual(['calm', 'sleepy', 'remove-me']);
    await row.getByRole('button', { name: 'Remove tag remove-me' }).click();
    expect(await chips.allTextContents()).toEqual(['calm', 'sleepy']);
    await row.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Song updated!');
    const edited = (await songsAs(server, admin)).find((s) => s.title === 'Edited Lullaby')!;
    expect([edited.artist, edited.albumId, edited.tags]).toEqual(['Auntie May', morning.id, ['calm', 'sleepy']]);
    // The row follows: its title, and its album in the list filtered by Morning.
    await controls(page).getByLabel('Album', { exact: true }).selectOption({ label: 'Morning' });
    // The filtered list in place (the unfiltered one shows the row too, and is replaced when it lands).
    await page.waitForFunction(() => {
      const titles = [...document.querySelectorAll('[data-testid="manage-row"]')].map((row) => row.querySelector('span.font-medium')!.textContent);
      return titles.length === 2 && titles.includes('sunrise') && titles.includes('Edited Lullaby');
    });
    // Back to no album through the same form.
    // The row stays expanded through the save (expansion follows the song, not its place).
    const again = songRow(page, 'Edited Lullaby');
    await again.getByRole('form', { name: 'Edit song' }).waitFor();
    await again.getByLabel('Album', { exact: true }).selectOption({ label: 'None' });
    await again.getByRole('button', { name: 'Save Changes' }).click();
    await serverSong(server, admin, edited.id, (s) => s?.albumId === null);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('layout', () => {
  test('clean at 390 and 1280 px, light and dark, with a row expanded and the bulk bar showing', async () => {
    const { page, problems, context } = await open({ viewport: PHONE });
    const row = await expand(page, 'Twinkle');
    await row.getByRole('checkbox', { name: 'Select Twinkle' }).click();
    await bulkBar(page).waitFor();
    await inEachLook(page, async () => {
      await row.getByRole('button', { name: 'Save Changes' }).scrollIntoViewIfNeeded();
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
      // Touch targets: every control of the row is at least 44 px tall (a tick box's is its 44 px label).
      const small = await row.locator('button:visible, a:visible, input:visible, select:visible').evaluateAll((els) =>
        els
          .filter((el) => el.getBoundingClientRect().height < 44 && !el.closest('[aria-label="Current tags"]') && (el as HTMLInputElement).type !== 'checkbox')
          // A drawn tick box counts by the row of its label, as a native one does.
          .filter((el) => el.getAttribute('role') !== 'checkbox' || (document.querySelector(`label[for="${el.id}"]`)?.parentElement?.getBoundingClientRect().height ?? 0) < 44)
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(small).toEqual([]);
      expect(problems).toEqual([]);
    });
    await context.close();
  });
});
