import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { AlbumDto, SongDto } from '../shared/types.ts';
import { insertSong } from '../testing/factories.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { bulkBar, controls, manage, songRow, songsAs, withoutFailedLoads } from './admin-songs-helpers.ts';
import { sineWav } from './player-fixtures.ts';
import { createAlbum, uploadBytes } from './seed.ts';
import { WIDE, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(180_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let kid: string;
let target: AlbumDto;
let many: AlbumDto;
const songs: Record<string, SongDto> = {};
const MANY = 2100;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  target = await createAlbum(server, admin, 'Target');
  many = await createAlbum(server, admin, 'Many');
  for (const [title, hz] of [['Bulk A', 300], ['Bulk B', 330], ['Bulk C', 360], ['Bulk D', 390]] as const) {
    songs[title] = await uploadBytes(server, admin, `${hz}.wav`, sineWav(1, hz), { title });
    await server.request(`/api/songs/${songs[title]!.id}/status`, { method: 'PATCH', json: { status: 'pending' }, cookie: admin });
  }
  // 2,100 rows straight into the database (uploading them would take minutes).
  server.db.transaction(() => {
    for (let i = 1; i <= MANY; i++) insertSong(server.db, { title: `Many ${i}`, albumId: many.id, status: 'published' });
  });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** /admin once its rows are in: the list renders only in the browser, so the controls are live. */
async function open() {
  const opened = await openSignedIn(browser, server, admin, '/admin', { viewport: WIDE });
  await opened.page.getByTestId('manage-row').first().waitFor();
  return opened;
}
async function tick(page: Page, ...titles: string[]) {
  for (const title of titles) {
    await songRow(page, title).getByRole('checkbox').click();
    await songRow(page, title).getByRole('checkbox', { checked: true }).waitFor();
  }
}
const byTitle = async (title: string) => (await songsAs(server, admin)).find((s) => s.title === title)!;
const libraryIds = async () => (await songsAs(server, kid, '/api/songs')).map((s) => s.id);
/** Shows only the uploaded songs without an album (Bulk B never gets one), then waits for them. */
async function onlyUploads(page: Page) {
  await controls(page).getByLabel('Album', { exact: true }).selectOption({ label: 'None' });
  await songRow(page, 'Bulk B').waitFor();
}

describe('bulk bar', () => {
  test("Publish, then Unpublish, the selected songs: a plain user's library follows", async () => {
    const { page, problems, context } = await open();
    await onlyUploads(page);
    await tick(page, 'Bulk A', 'Bulk B');
    expect(await bulkBar(page).getByTestId('selected-count').textContent()).toBe('2 selected');
    await bulkBar(page).getByRole('button', { name: 'Publish', exact: true }).click();
    await expectToast(page, 'Songs published!');
    await bulkBar(page).waitFor({ state: 'detached' });
    expect(await libraryIds()).toEqual(expect.arrayContaining([songs['Bulk A']!.id, songs['Bulk B']!.id]));
    expect(await libraryIds()).not.toContain(songs['Bulk C']!.id);
    await songRow(page, 'Bulk A').getByTestId('status-badge').filter({ hasText: 'Published' }).waitFor();

    await tick(page, 'Bulk A');
    await bulkBar(page).getByRole('button', { name: 'Unpublish', exact: true }).click();
    await expectToast(page, 'Songs unpublished!');
    expect(await libraryIds()).not.toContain(songs['Bulk A']!.id);
    expect(await libraryIds()).toContain(songs['Bulk B']!.id);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("Assign to Album: one PATCH per song with the album's id, then 'Album assigned!'", async () => {
    const { page, problems, context } = await open();
    await onlyUploads(page);
    const patches: string[] = [];
    page.on('request', (r) => r.method() === 'PATCH' && patches.push(`${new URL(r.url()).pathname} ${r.postData()}`));
    await tick(page, 'Bulk A', 'Bulk C');
    await bulkBar(page).getByRole('button', { name: 'Assign to Album', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign to Album' });
    await dialog.getByText('Choose the album for 2 songs.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Assign' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Album').selectOption({ label: 'Target' });
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expectToast(page, 'Album assigned!');
    expect(patches.sort()).toEqual(
      [songs['Bulk A']!.id, songs['Bulk C']!.id].map((id) => `/api/songs/${id} {"albumId":${target.id}}`).sort(),
    );
    expect([(await byTitle('Bulk A')).albumId, (await byTitle('Bulk C')).albumId, (await byTitle('Bulk B')).albumId]).toEqual([target.id, target.id, null]);
    // They left the None filter.
    await songRow(page, 'Bulk A').waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  test("each bulk failure shows its 'Error' toast and changes nothing", async () => {
    const { page, problems, context } = await open();
    await onlyUploads(page);
    await page.route('**/api/songs/bulk/*', (route) => route.fulfill({ status: 500, json: { error: 'Disk on fire' } }));
    await page.route(`**/api/songs/${songs['Bulk B']!.id}`, (route) => route.fulfill({ status: 500, json: { error: 'Disk on fire' } }));
    const before = await byTitle('Bulk B');
    await tick(page, 'Bulk B');
    for (const [action, message] of [['Publish', 'Failed to publish songs'], ['Unpublish', 'Failed to unpublish songs']] as const) {
      await bulkBar(page).getByRole('button', { name: action, exact: true }).click();
      await expectToast(page, 'Error', message);
      await bulkBar(page).getByRole('alert').filter({ hasText: 'The song failed: Disk on fire' }).waitFor();
    }
    await bulkBar(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Delete 1 song?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Error', 'Failed to delete songs');
    await bulkBar(page).getByRole('button', { name: 'Assign to Album', exact: true }).click();
    await page.getByRole('dialog', { name: 'Assign to Album' }).getByLabel('Album').selectOption({ label: 'Target' });
    await page.getByRole('dialog', { name: 'Assign to Album' }).getByRole('button', { name: 'Assign' }).click();
    await expectToast(page, 'Error', 'Failed to assign album');
    await bulkBar(page).getByRole('alert').filter({ hasText: 'The song failed: Disk on fire' }).waitFor();
    // The failed song stays selected, unchanged.
    expect(await bulkBar(page).getByTestId('selected-count').textContent()).toBe('1 selected');
    const b = await byTitle('Bulk B');
    expect([b.status, b.albumId, b.deletedAt]).toEqual([before.status, before.albumId, null]);
    expect(withoutFailedLoads(problems)).toEqual([]);
    await context.close();
  });

  test("Delete asks first, then moves the selected songs to Deleted: 'Songs moved to deleted!'", async () => {
    const { page, problems, context } = await open();
    await onlyUploads(page);
    await tick(page, 'Bulk D');
    await bulkBar(page).getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete 1 song?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Songs moved to deleted!');
    await songRow(page, 'Bulk D').waitFor({ state: 'detached' });
    expect((await byTitle('Bulk D')) ?? null).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('more songs than one request takes', () => {
  test('rows are read as they near the screen; a row read late is ticked and unpublished like any other', async () => {
    const { page, problems, context } = await open();
    await controls(page).getByLabel('Album', { exact: true }).selectOption({ label: 'Many' });
    await songRow(page, `Many ${MANY}`).waitFor();
    // The row may show from the unfiltered list first: the album's count says its order came.
    await manage(page).getByText(`${MANY.toLocaleString('en-US')} songs`).waitFor();
    // Recently Added: the first song made is the last row; scroll the page until it is read and shown.
    await page.waitForFunction(
      () => {
        if ([...document.querySelectorAll('[data-testid="manage-row"] span.font-medium')].some((el) => el.textContent === 'Many 1')) return true;
        window.scrollBy(0, 3000);
        return false;
      },
      undefined,
      { polling: 'raf' },
    );
    const reads = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((path) => path.startsWith('/api/songs/all')));
    expect(reads.filter((path) => path === '/api/songs/all/rows').length).toBeGreaterThan(2);
    expect(reads).not.toContain('/api/songs/all');
    await tick(page, 'Many 1');
    expect(await bulkBar(page).getByTestId('selected-count').textContent()).toBe('1 selected');
    await bulkBar(page).getByRole('button', { name: 'Unpublish', exact: true }).click();
    await expectToast(page, 'Songs unpublished!');
    await songRow(page, 'Many 1').getByTestId('status-badge').filter({ hasText: 'Pending' }).waitFor();
    expect((await byTitle('Many 1')).status).toBe('pending');
    expect((await byTitle('Many 2')).status).toBe('published');
    await server.request(`/api/songs/${(await byTitle('Many 1')).id}/status`, { method: 'PATCH', json: { status: 'published' }, cookie: admin });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Select All over 2,100 songs sends chunks of 1,000 in turn with progress; a failed middle chunk is named exactly and the others stay done', async () => {
    const { page, problems, context } = await open();
    await controls(page).getByLabel('Album', { exact: true }).selectOption({ label: 'Many' });
    await songRow(page, `Many ${MANY}`).waitFor();
    await controls(page).getByRole('button', { name: 'Select All' }).click();
    expect(await bulkBar(page).getByTestId('selected-count').textContent()).toBe('2,100 selected');

    const sent: number[][] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/songs/bulk/unpublish', async (route) => {
      sent.push((route.request().postDataJSON() as { songIds: number[] }).songIds);
      if (sent.length === 1) await held;
      if (sent.length === 2) return route.fulfill({ status: 409, json: { error: 'The catalogue is busy' } });
      return route.continue();
    });
    await bulkBar(page).getByRole('button', { name: 'Unpublish', exact: true }).click();
    await bulkBar(page).getByRole('status').filter({ hasText: 'Unpublishing 1,000 of 2,100…' }).waitFor();
    expect(sent.length).toBe(1);
    release();
    await bulkBar(page).getByRole('alert').filter({ hasText: 'Songs 1,001–2,000 failed: The catalogue is busy' }).waitFor();
    await expectToast(page, 'Error', 'Failed to unpublish songs');
    expect(sent.map((ids) => ids.length)).toEqual([1000, 1000, 100]);
    expect(await bulkBar(page).getByTestId('selected-count').textContent()).toBe('1,000 selected');

    // Exactly the second chunk's songs are still published; the first and third were unpublished.
    const status = new Map((await songsAs(server, admin)).map((s) => [s.id, s.status]));
    expect(sent[0]!.every((id) => status.get(id) === 'pending')).toBe(true);
    expect(sent[1]!.every((id) => status.get(id) === 'published')).toBe(true);
    expect(sent[2]!.every((id) => status.get(id) === 'pending')).toBe(true);
    // Chunks number the songs as the list shows them (Recently Added: the newest first).
    expect(sent[0]![0]).toBe((await byTitle(`Many ${MANY}`)).id);
    expect(withoutFailedLoads(problems)).toEqual([]);
    await context.close();
  });
});
