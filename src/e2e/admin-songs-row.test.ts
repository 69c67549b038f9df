import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser, waitForHydration } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { expand, serverSong, songById, songRow, songsAs, withoutFailedLoads } from './admin-songs-helpers.ts';
import { installAudioSpy, sineWav } from './player-fixtures.ts';
import { fixtureBytes, uploadBytes, uploadSong } from './seed.ts';
import { PHONE, WIDE, expectToast, openSignedIn, waitForPlayback } from './signed-in.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let kid: string;
const songs: Record<string, SongDto> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  for (const [title, hz] of [['Pending Tune', 300], ['Delete Me', 320], ['Replace Me', 340], ['Thumb Me', 360], ['Broken', 400]] as const) {
    songs[title] = await uploadBytes(server, admin, `${hz}.wav`, sineWav(2, hz), { title });
  }
  await server.request(`/api/songs/${songs['Pending Tune']!.id}/status`, { method: 'PATCH', json: { status: 'pending' }, cookie: admin });
  songs['Download Me'] = await uploadSong(server, admin, 'tone.ogg', { title: 'Download Me' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const open = (viewport = WIDE) => openSignedIn(browser, server, admin, '/admin', { viewport });
const libraryIds = async () => (await songsAs(server, kid, '/api/songs')).map((s) => s.id);
const pathOf = (url: string) => new URL(url, 'http://x').pathname;

describe('one song', () => {
  test("Publish and Unpublish: the badge and a plain user's library follow, with 'Status updated!'", async () => {
    const { page, problems, context } = await open();
    const id = songs['Pending Tune']!.id;
    const row = await expand(page, 'Pending Tune');
    expect(await row.getByTestId('status-badge').textContent()).toBe('Pending');
    expect(await libraryIds()).not.toContain(id);
    await row.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectToast(page, 'Status updated!');
    await row.getByTestId('status-badge').filter({ hasText: 'Published' }).waitFor();
    expect(await libraryIds()).toContain(id);
    await row.getByRole('button', { name: 'Unpublish' }).click();
    await row.getByTestId('status-badge').filter({ hasText: 'Pending' }).waitFor();
    expect(await libraryIds()).not.toContain(id);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("Delete asks first, then moves the song to Deleted: 'Song moved to deleted!'", async () => {
    const { page, problems, context } = await open();
    const row = await expand(page, 'Delete Me');
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this song?' });
    await dialog.getByText('"Delete Me" moves to Deleted').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Song moved to deleted!');
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    const deleted = (await (await server.request('/api/deleted/songs', { cookie: admin })).json()) as { id: number }[];
    expect(deleted.map((s) => s.id)).toContain(songs['Delete Me']!.id);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Replace Audio (audio files only): the next play loads the new file, under its new content hash', async () => {
    const { page, problems, context } = await open();
    await installAudioSpy(page);
    await page.reload();
    await waitForHydration(page);
    const before = songs['Replace Me']!;
    const played = () => page.evaluate(() => (window as unknown as { __played: string[] }).__played);
    await songRow(page, 'Replace Me').getByRole('button', { name: 'Play Replace Me' }).click();
    await waitForPlayback(page);
    expect((await played()).at(-1)).toBe(pathOf(before.audioUrl));

    const row = await expand(page, 'Replace Me');
    const input = row.getByLabel('Replacement audio file');
    expect(await input.getAttribute('accept')).toBe('audio/*');
    const bytes = sineWav(3, 660);
    await input.setInputFiles({ name: 'brand-new.wav', mimeType: 'audio/wav', buffer: Buffer.from(bytes) });
    await expectToast(page, 'Audio replaced!');
    const after = (await songById(server, admin, before.id))!;
    const hash = createHash('sha256').update(bytes).digest('hex');
    expect(after.audioUrl).toContain(hash);
    expect(after.audioUrl).not.toBe(before.audioUrl);

    await songRow(page, 'Replace Me').getByRole('button', { name: 'Play Replace Me' }).click();
    await page.waitForFunction((path) => (window as unknown as { __played: string[] }).__played.at(-1) === path, pathOf(after.audioUrl));
    const served = await page.evaluate(async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer()).length, after.audioUrl);
    expect(served).toBe(bytes.length);
    expect((await server.request(pathOf(before.audioUrl), { cookie: admin })).status).toBe(404);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('thumbnail: upload (images only), replace, then remove', async () => {
    const { page, problems, context } = await open(PHONE);
    const id = songs['Thumb Me']!.id;
    const row = await expand(page, 'Thumb Me');
    const input = row.getByLabel('Thumbnail image file');
    expect(await input.getAttribute('accept')).toBe('image/*');
    await row.getByRole('button', { name: 'Upload Thumbnail' }).waitFor();
    await input.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(fixtureBytes('cover.png')) });
    await expectToast(page, 'Song updated!');
    const thumb = row.getByRole('img', { name: 'Thumbnail of Thumb Me' });
    await thumb.waitFor();
    const first = (await songById(server, admin, id))!.artworkUrl!;
    expect(first).toMatch(/^\/objects\/images\//);
    expect(await thumb.getAttribute('src')).toBe(first);
    await page.waitForFunction(() => [...document.images].some((img) => img.alt === 'Thumbnail of Thumb Me' && img.naturalWidth > 0));

    await input.setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(fixtureBytes('cover.jpg')) });
    await serverSong(server, admin, id, (s) => Boolean(s?.artworkUrl && s.artworkUrl !== first));
    await row.getByRole('button', { name: 'Replace Thumbnail' }).waitFor();

    await row.getByRole('button', { name: 'Remove Thumbnail' }).click();
    await serverSong(server, admin, id, (s) => s?.artworkUrl === null);
    await row.getByRole('button', { name: 'Upload Thumbnail' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Download is a link to the song’s audio with a file name, and serves its bytes', async () => {
    const { page, problems, context } = await open();
    const song = songs['Download Me']!;
    const row = await expand(page, 'Download Me');
    const link = row.getByRole('link', { name: 'Download' });
    expect([await link.getAttribute('href'), await link.getAttribute('download')]).toEqual([song.audioUrl, 'Download Me.ogg']);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Download Me.ogg');
    expect(new Uint8Array(readFileSync((await download.path())!))).toEqual(fixtureBytes('tone.ogg'));
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('highlight', () => {
  test('a song uploaded with Publish immediately is highlighted and scrolled into view', async () => {
    const { page, problems, context } = await open(PHONE);
    await songRow(page, 'Broken').waitFor();
    await page.getByRole('checkbox', { name: 'Publish immediately' }).or(page.getByLabel('Publish immediately')).first().click();
    const upload = page.getByRole('region', { name: 'Upload Songs' }).locator('input[type=file]');
    await upload.setInputFiles({ name: 'fresh-upload.wav', mimeType: 'audio/wav', buffer: Buffer.from(sineWav(1, 700)) });
    const lit = page.locator('[data-testid="manage-row"][data-highlighted]');
    await lit.waitFor();
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="manage-row"][data-highlighted]')!.getBoundingClientRect();
      return box.top >= 56 && box.bottom <= window.innerHeight;
    });
    expect(await lit.count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** Refuses `method` requests to `pattern` with a server error; other methods pass. */
const refuse = (page: Page, pattern: string, method: string) =>
  page.route(pattern, (route) => (route.request().method() === method ? route.fulfill({ status: 500, json: { error: 'Disk on fire' } }) : route.continue()));

describe('errors (requests refused at the network)', () => {
  test("each failure shows its 'Error' toast; a failed delete closes its confirmation", async () => {
    const { page, problems, context } = await open();
    const id = songs['Broken']!.id;
    const row = await expand(page, 'Broken');
    await refuse(page, `**/api/songs/${id}`, 'PATCH');
    await row.getByLabel('Title').fill('Never Saved');
    await row.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Error', 'Failed to update song');

    await refuse(page, `**/api/songs/${id}/status`, 'PATCH');
    await row.getByRole('button', { name: 'Unpublish' }).click();
    await expectToast(page, 'Error', 'Failed to update song status');

    await refuse(page, `**/api/songs/${id}/audio`, 'PATCH');
    await row.getByLabel('Replacement audio file').setInputFiles({ name: 'x.wav', mimeType: 'audio/wav', buffer: Buffer.from(sineWav(1, 800)) });
    await expectToast(page, 'Error', 'Failed to replace audio file');

    await refuse(page, '**/api/upload/image', 'POST');
    await row.getByLabel('Thumbnail image file').setInputFiles({ name: 'c.png', mimeType: 'image/png', buffer: Buffer.from(fixtureBytes('cover.png')) });
    await expectToast(page, 'Upload failed', 'Could not upload thumbnail');

    await refuse(page, `**/api/songs/${id}`, 'DELETE');
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this song?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Error', 'Failed to delete song');
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor();

    const after = (await songById(server, admin, id))!;
    expect([after.title, after.status, after.artworkUrl, after.audioUrl, after.deletedAt]).toEqual(['Broken', 'published', null, songs['Broken']!.audioUrl, null]);
    expect(withoutFailedLoads(problems)).toEqual([]);
    await context.close();
  });
});
