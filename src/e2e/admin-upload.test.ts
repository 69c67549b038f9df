import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, makeTempDir, startTestServer } from '../testing/server.ts';
import { allSongs, eventually, makeAudio, mediaFiles, recordUploads, recorded, tempFiles, throttleUpload, uploadItem } from './admin-upload-helpers.ts';
import { expectToast, openSignedIn } from './signed-in.ts';
import { loudnessFixture, taggedFlac } from '../testing/loudness-fixtures.ts';

setDefaultTimeout(90_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let dir: string;
const audio: Record<string, string> = {};

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), sharedBrowser()]);
  admin = await server.signUp('mum', { isAdmin: true });
  dir = makeTempDir('hearth-upload-audio-');
  // ~2.4 MB each: mp3 at 320 kb/s for 60 s; flac of 16 s noise.
  for (const name of ['Morning.mp3', 'Evening.mp3', 'Lullaby.flac', 'Rain.flac']) audio[name] = makeAudio(dir, name, name.endsWith('.flac') ? 16 : 60);
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const choose = (page: Page, ...paths: string[]) => page.getByTestId('upload-input').setInputFiles(paths);
const clearButton = (page: Page) => page.getByRole('button', { name: /^Clear \d+ Uploaded Songs?$/ });

test('several mp3 and flac files upload one at a time, in order, with rising progress; pending by default', async () => {
  const { page, context, problems } = await openSignedIn(browser, server, admin, '/admin');
  await page.getByRole('region', { name: 'Upload Songs' }).waitFor();
  expect(await page.getByRole('checkbox', { name: 'Publish immediately' }).getAttribute('aria-checked')).toBe('false');
  await recordUploads(page);
  await throttleUpload(page, 2 * 1024 * 1024);
  const order = ['Morning.mp3', 'Lullaby.flac', 'Evening.mp3', 'Rain.flac'];
  await choose(page, ...order.map((name) => audio[name]!));
  expect(await clearButton(page).isDisabled()).toBe(true);
  await expectToast(page, 'Success!', '4 songs uploaded and saved');

  const snaps = await recorded(page);
  // Never two at once, and each started in the order chosen.
  for (const snap of snaps) expect(snap.filter(([, status]) => status === 'uploading').length).toBeLessThanOrEqual(1);
  const started = [...new Set(snaps.flatMap((snap) => snap.filter(([, s]) => s === 'uploading').map(([file]) => file)))];
  expect(started).toEqual(order);
  for (const name of order) {
    const seen = snaps.flatMap((snap) => snap.filter(([file, s]) => file === name && s === 'uploading').map(([, , p]) => p));
    // Real progress from the bytes sent: several steps between 0 and 100, never going back.
    expect(seen.filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // A file waits (queued) until every earlier one has been uploaded.
    const firstUploading = snaps.findIndex((snap) => snap.some(([f, s]) => f === name && s === 'uploading'));
    const earlier = order.slice(0, order.indexOf(name));
    expect(snaps[firstUploading]!.filter(([f]) => earlier.includes(f)).every(([, s]) => s === 'uploaded')).toBe(true);
  }
  for (const name of order) expect(await uploadItem(page, name).getByTestId('upload-status').innerText()).toBe('Uploaded');

  const songs = await allSongs(server, admin);
  expect(songs.map((s) => [s.originalFilename, s.status]).sort()).toEqual(order.map((name) => [name, 'pending']).sort());
  // Manage Songs below was refreshed after the uploads: pending ones listed, none highlighted.
  for (const song of songs) await page.locator(`[data-testid="manage-row"][data-song-id="${song.id}"]`).waitFor();
  expect(await page.locator('[data-testid="manage-row"][data-highlighted]').count()).toBe(0);
  expect(await clearButton(page).innerText()).toBe('Clear 4 Uploaded Songs');
  await clearButton(page).click();
  await page.getByRole('region', { name: 'Edit Details' }).waitFor({ state: 'detached' });
  expect(problems).toEqual([]);
  await context.close();
});

test('cancel mid-upload leaves no file on disk and no song; a queued item is removed unsent', async () => {
  const { page, context, problems } = await openSignedIn(browser, server, admin, '/admin');
  const filesBefore = mediaFiles(server);
  const songsBefore = (await allSongs(server, admin)).length;
  await throttleUpload(page, 256 * 1024);
  await choose(page, audio['Rain.flac']!, audio['Morning.mp3']!);
  // Mid-body: the server is writing its temp file and the page has shown some progress.
  await eventually(() => tempFiles(server).length === 1);
  await page.waitForFunction(() => Number(document.querySelector('[data-file="Rain.flac"] [role="progressbar"]')?.getAttribute('aria-valuenow')) >= 5);
  expect(await uploadItem(page, 'Morning.mp3').getByTestId('upload-status').innerText()).toBe('Queued');
  await page.getByRole('button', { name: 'Cancel upload of Morning.mp3' }).click();
  await uploadItem(page, 'Morning.mp3').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Cancel upload of Rain.flac' }).click();
  await uploadItem(page, 'Rain.flac').getByText('Upload cancelled').waitFor();
  expect(await uploadItem(page, 'Rain.flac').getAttribute('data-status')).toBe('error');

  await eventually(() => tempFiles(server).length === 0);
  expect(mediaFiles(server)).toEqual(filesBefore);
  expect((await allSongs(server, admin)).length).toBe(songsBefore);
  expect(await page.getByTestId('toast').count()).toBe(0); // a cancel is not a failure
  expect(await clearButton(page).isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Remove Rain.flac' }).click();
  await page.getByRole('region', { name: 'Edit Details' }).waitFor({ state: 'detached' });
  expect(problems).toEqual([]);
  await context.close();
});

test("a name twice in one batch is skipped; a name already listed asks 'Already Uploaded': Cancel keeps it, Replace replaces its audio", async () => {
  const first = makeAudio(join(dir, 'one'), 'Song.mp3', 2);
  const second = makeAudio(join(dir, 'two'), 'Song.mp3', 5);
  const { page, context, problems } = await openSignedIn(browser, server, admin, '/admin');
  // Slowed, so the notice is read before the batch's 'Success!' replaces it (one toast at a time).
  await throttleUpload(page, 32 * 1024);
  await choose(page, first, second);
  await expectToast(page, 'Duplicate in batch', 'Skipping duplicate file "Song.mp3" from this upload batch');
  await throttleUpload(page, -1);
  await uploadItem(page, 'Song.mp3').getByText('Uploaded').waitFor();
  expect(await page.getByTestId('upload-item').count()).toBe(1);
  const sizes = async () => (await allSongs(server, admin)).filter((s) => s.originalFilename === 'Song.mp3').map((s) => s.fileSize).sort();
  expect(await sizes()).toEqual([Bun.file(first).size]);

  await choose(page, second);
  const dialog = page.getByRole('alertdialog', { name: 'Already Uploaded' });
  await dialog.getByText('"Song.mp3" is already in the upload list').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await page.getByTestId('upload-item').count()).toBe(1);
  expect(await sizes()).toEqual([Bun.file(first).size]);

  await choose(page, second);
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('[data-file="Song.mp3"][data-status="uploaded"]').waitFor();
  await expectToast(page, 'Success!', '1 song uploaded and saved');
  expect(await page.getByTestId('upload-item').count()).toBe(1);
  // Replace gives the saved song the new file's audio: still one song, never a second one.
  expect(await sizes()).toEqual([Bun.file(second).size]);
  expect(await clearButton(page).innerText()).toBe('Clear 1 Uploaded Song');
  expect(problems).toEqual([]);
  await context.close();
});

test('an edited title and artist are saved after the upload; an emptied title falls back to the file name', async () => {
  const walk = makeAudio(dir, 'Walk.mp3', 20);
  const nap = makeAudio(dir, 'Nap Time.flac', 2);
  const { page, context, problems } = await openSignedIn(browser, server, admin, '/admin');
  await throttleUpload(page, 512 * 1024);
  await choose(page, walk, nap);
  const walkItem = uploadItem(page, 'Walk.mp3');
  expect(await walkItem.getByLabel('Title').inputValue()).toBe('Walk');
  expect(await uploadItem(page, 'Nap Time.flac').getByLabel('Title').inputValue()).toBe('Nap Time');
  await walkItem.getByLabel('Title').fill('Morning Walk');
  await walkItem.getByLabel('Artist').fill('Grandpa Joe');
  await uploadItem(page, 'Nap Time.flac').getByLabel('Title').fill('');
  await expectToast(page, 'Success!', '2 songs uploaded and saved');
  const songs = await allSongs(server, admin);
  expect(songs.find((s) => s.originalFilename === 'Walk.mp3')).toMatchObject({ title: 'Morning Walk', artist: 'Grandpa Joe', status: 'pending' });
  expect(songs.find((s) => s.originalFilename === 'Nap Time.flac')).toMatchObject({ title: 'Nap Time', artist: null });
  expect(await walkItem.getByTestId('upload-saved').innerText()).toBe('Saved as Morning Walk by Grandpa Joe');
  expect(await walkItem.getByLabel('Title').count()).toBe(0); // saved: no longer editable here
  expect(problems).toEqual([]);
  await context.close();
});

test('publish immediately: the song is published, leaves the list and is highlighted in Manage Songs', async () => {
  const { page, context, problems } = await openSignedIn(browser, server, admin, '/admin');
  await page.getByRole('checkbox', { name: 'Publish immediately' }).click();
  const bright = makeAudio(dir, 'Bright.flac', 2);
  await choose(page, bright);
  await expectToast(page, 'Success!', '1 song uploaded and saved');
  expect(await page.getByTestId('upload-item').count()).toBe(0);
  const song = (await allSongs(server, admin)).find((s) => s.originalFilename === 'Bright.flac')!;
  expect(song.status).toBe('published');
  // Manage Songs was refreshed (songs invalidated) and marks the new row.
  await page.locator(`[data-testid="manage-row"][data-song-id="${song.id}"][data-highlighted]`).waitFor();
  expect(await page.locator('[data-testid="manage-row"][data-highlighted]').count()).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});

test('a file with an absurd ReplayGain tag is saved and published, and stays listed saying the tag was ignored', async () => {
  const flac = taggedFlac(loudnessFixture(dir, -20, 3), join(dir, 'Absurd.flac'), { title: 'Absurd', REPLAYGAIN_TRACK_GAIN: '+300 dB' });
  const { page, context, problems } = await openSignedIn(browser, server, admin, '/admin');
  await page.getByRole('region', { name: 'Upload Songs' }).waitFor();
  // Published: a song with nothing to say leaves the list; this one stays with its note.
  await page.getByRole('checkbox', { name: 'Publish immediately' }).click();
  await choose(page, flac);
  await expectToast(page, 'Success!', '1 song uploaded and saved');
  const item = uploadItem(page, 'Absurd.flac');
  expect(await item.getAttribute('data-status')).toBe('uploaded');
  expect(await item.getByRole('list', { name: 'Notes on Absurd.flac' }).innerText()).toBe('ReplayGain tag ignored (track gain +300 dB): out of range; the loudness is measured instead');
  expect(await item.getByTestId('upload-saved').innerText()).toBe('Saved as Absurd');
  expect(problems).toEqual([]);
  await context.close();
});
