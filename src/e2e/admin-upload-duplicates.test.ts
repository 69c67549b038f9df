import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, makeTempDir, startTestServer } from '../testing/server.ts';
import { allSongs, makeAudio, uploadItem } from './admin-upload-helpers.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { PHONE, expectToast, inEachLook, openSignedIn } from './signed-in.ts';

setDefaultTimeout(90_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let dir: string;
let rain: SongDto;
let old: SongDto;

async function uploadThroughApi(path: string, name: string): Promise<SongDto> {
  const form = new FormData();
  form.set('file', Bun.file(path), name);
  const response = await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin });
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as SongDto;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), sharedBrowser()]);
  admin = await server.signUp('mum', { isAdmin: true });
  dir = makeTempDir('hearth-upload-duplicates-');
  rain = await uploadThroughApi(makeAudio(dir, 'Rain.mp3', 2), 'Rain.mp3');
  old = await uploadThroughApi(makeAudio(dir, 'Old.flac', 2), 'Old.flac');
  expect((await server.request(`/api/songs/${old.id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const choose = (page: Page, ...paths: string[]) => page.getByTestId('upload-input').setInputFiles(paths);
const refusedRow = (page: Page, file: string) => page.locator(`[data-testid="upload-refused"][data-file="${file}"]`);
const fileOf = (song: SongDto) => song.audioUrl.split('/').pop();
const sameAudio = async (as: SongDto) => (await allSongs(server, admin)).filter((song) => fileOf(song) === fileOf(as)).length;

test('one batch: duplicates say "Already in your library" with a link, refused files keep their reasons, the batch ends on a summary', async () => {
  // The same bytes under other names, a file over 100 MB, a picture, a new song twice by name.
  const batch = join(dir, 'batch');
  mkdirSync(join(batch, 'again'), { recursive: true });
  copyFileSync(join(dir, 'Rain.mp3'), join(batch, 'Rain (copy).mp3'));
  copyFileSync(join(dir, 'Old.flac'), join(batch, 'Old again.flac'));
  const big = join(batch, 'Concert.flac');
  Bun.spawnSync(['truncate', '-s', String(100 * 1024 * 1024 + 1), big]);
  writeFileSync(join(batch, 'cover.png'), 'not a song');
  const fresh = makeAudio(batch, 'Fresh.mp3', 2);
  const freshAgain = makeAudio(join(batch, 'again'), 'Fresh.mp3', 3);

  const { page, context, problems } = await openSignedIn(browser, server, admin, '/admin');
  await choose(page, join(batch, 'Rain (copy).mp3'), big, join(batch, 'cover.png'), fresh, freshAgain, join(batch, 'Old again.flac'));

  const summary = page.getByTestId('upload-summary');
  await summary.waitFor();
  expect(await summary.innerText()).toBe('1 song saved, 5 files rejected');
  await expectToast(page, 'Upload Finished', '1 song saved, 5 files rejected');
  await uploadItem(page, 'Fresh.mp3').and(page.locator('[data-status="uploaded"]')).waitFor();

  // Every refused file is listed with the product's text for it.
  expect(await refusedRow(page, 'Concert.flac').getByTestId('upload-status').innerText()).toBe('"Concert.flac" exceeds the 100MB size limit');
  expect(await refusedRow(page, 'cover.png').getByTestId('upload-status').innerText()).toBe('"cover.png" is not a supported audio format');
  expect(await refusedRow(page, 'Fresh.mp3').getByTestId('upload-status').innerText()).toBe('Skipping duplicate file "Fresh.mp3" from this upload batch');

  // The same audio as a song: said so, linked, and nothing added.
  const copy = uploadItem(page, 'Rain (copy).mp3');
  expect(await copy.getAttribute('data-status')).toBe('duplicate');
  expect(await copy.getByTestId('upload-status').innerText()).toBe('Already in your library');
  const link = copy.getByRole('link', { name: 'Rain' });
  expect(await link.getAttribute('href')).toBe(`#song-${rain.id}`);
  await link.click();
  await page.locator(`[data-testid="manage-row"][data-song-id="${rain.id}"][data-highlighted]`).waitFor();
  const trashed = uploadItem(page, 'Old again.flac');
  expect(await trashed.getAttribute('data-status')).toBe('duplicate');
  expect(await trashed.getByRole('link', { name: 'Old (in Deleted)' }).getAttribute('href')).toBe('/admin/deleted');
  expect(await sameAudio(rain)).toBe(1);

  // Skip drops the row; Add a Copy uploads it anyway.
  await copy.getByRole('button', { name: 'Skip' }).click();
  await copy.waitFor({ state: 'detached' });
  expect(await sameAudio(rain)).toBe(1);
  await trashed.getByRole('button', { name: 'Add a Copy' }).click();
  await trashed.and(page.locator('[data-status="uploaded"]')).waitFor();
  await expectToast(page, 'Success!', '1 song uploaded and saved');
  const copies = (await allSongs(server, admin)).filter((song) => song.originalFilename === 'Old again.flac');
  expect(copies).toHaveLength(1);
  expect(fileOf(copies[0]!)).toBe(fileOf(old));

  // A refused row goes when removed.
  await refusedRow(page, 'cover.png').getByRole('button', { name: 'Remove cover.png' }).click();
  await refusedRow(page, 'cover.png').waitFor({ state: 'detached' });
  // Chromium logs each 409 answer; nothing else may appear.
  expect(problems.filter((p) => !/Failed to load resource: the server responded with a status of 409/.test(p))).toEqual([]);
  await context.close();
});

test('layout at 390 and 1280 px, light and dark: a duplicate with its link and choices, refused rows, the summary', async () => {
  const batch = join(dir, 'layout');
  mkdirSync(batch, { recursive: true });
  copyFileSync(join(dir, 'Rain.mp3'), join(batch, 'Rain recorded on the kitchen radio, second take.mp3'));
  writeFileSync(join(batch, 'Holiday photo from the beach.png'), 'not a song');
  const { page, context, problems } = await openSignedIn(browser, server, admin, '/admin', { viewport: PHONE });
  await choose(page, join(batch, 'Rain recorded on the kitchen radio, second take.mp3'), join(batch, 'Holiday photo from the beach.png'), makeAudio(batch, 'Sunny.mp3', 1));
  await page.getByTestId('upload-summary').waitFor();
  await uploadItem(page, 'Sunny.mp3').and(page.locator('[data-status="uploaded"]')).waitFor();
  await expectToast(page, 'Upload Finished', '1 song saved, 2 files rejected');
  await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click(); // it would cover the rows
  await page.getByTestId('toast').waitFor({ state: 'detached' });
  await inEachLook(page, async ({ viewport, theme }) => {
    if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, `upload-duplicates-${viewport.width}-${theme}.png`), fullPage: true });
    expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    expect(problems.filter((p) => !/Failed to load resource: the server responded with a status of 409/.test(p))).toEqual([]);
  });
  await context.close();
});
