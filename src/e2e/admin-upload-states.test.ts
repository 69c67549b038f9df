import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, makeTempDir, startTestServer } from '../testing/server.ts';
import { allSongs, makeAudio, uploadItem } from './admin-upload-helpers.ts';
import { PHONE, inEachLook, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(90_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let dir: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), sharedBrowser()]);
  admin = await server.signUp('dad', { isAdmin: true });
  dir = makeTempDir('hearth-upload-states-');
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const choose = (page: Page, ...paths: string[]) => page.getByTestId('upload-input').setInputFiles(paths);

test('a file over 100 MB and a file that is not audio are refused with their texts, nothing is sent', async () => {
  const big = join(dir, 'Concert.flac');
  Bun.spawnSync(['truncate', '-s', String(100 * 1024 * 1024 + 1), big]); // sparse: no 100 MB written
  const notes = join(dir, 'notes.txt');
  writeFileSync(notes, 'not a song');
  const { page, context, problems } = await openSignedIn(browser, server, admin, '/admin');
  let sent = 0;
  page.on('request', (request) => void (request.url().endsWith('/api/upload/audio') && (sent += 1)));
  await choose(page, big);
  await expectToast(page, 'File Too Large', '"Concert.flac" exceeds the 100MB size limit');
  await choose(page, notes);
  await expectToast(page, 'Invalid File Type', '"notes.txt" is not a supported audio format');
  expect(await page.getByTestId('upload-item').count()).toBe(0);
  expect(sent).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});

test('the zone opens the file chooser by click and keyboard, and takes dropped files', async () => {
  const { page, context, problems } = await openSignedIn(browser, server, admin, '/admin');
  const zone = page.getByRole('button', { name: 'Choose audio files to upload' });
  // Playwright turns chooser interception on without waiting for an answer: a listener set up
  // first and one round trip make sure it is on before the key press (else a real one opens).
  page.on('filechooser', () => {});
  await page.evaluate(() => 0);
  // Each chooser gets its files before the next opens (Chromium shows one at a time).
  await zone.focus();
  const [byKey] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  expect(byKey.isMultiple()).toBe(true);
  await byKey.setFiles(makeAudio(dir, 'Keyed.mp3', 1));
  await uploadItem(page, 'Keyed.mp3').getByText('Uploaded').waitFor();
  const [byClick] = await Promise.all([page.waitForEvent('filechooser'), zone.click()]);
  await byClick.setFiles(makeAudio(dir, 'Clicked.mp3', 1));
  await uploadItem(page, 'Clicked.mp3').getByText('Uploaded').waitFor();

  const bytes = [...readFileSync(makeAudio(dir, 'Dropped.flac', 1))];
  await zone.evaluate((el, data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'Dropped.flac'));
    el.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    el.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
  }, bytes);
  await uploadItem(page, 'Dropped.flac').getByText('Uploaded').waitFor();
  expect((await allSongs(server, admin)).map((s) => s.originalFilename).sort()).toEqual(['Clicked.mp3', 'Dropped.flac', 'Keyed.mp3']);
  expect(problems).toEqual([]);
  await context.close();
});

const FAILURES: [string, (route: Route) => Promise<void>, string][] = [
  ['a JSON error', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"The server is out of disk space"}' }), 'The server is out of disk space'],
  ['JSON without an error field', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"x"}' }), 'Upload failed'],
  ['a body that is not JSON', (r) => r.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }), 'Invalid server response'],
  ['an empty body', (r) => r.fulfill({ status: 500, body: '' }), 'Upload failed (500)'],
  ['no answer at all', (r) => r.abort('connectionreset'), 'Network error - please check your connection'],
];

test.each(FAILURES)("%s: 'Upload Failed' with its text, shown on the item too", async (_cause, answer, text) => {
  const { page, context } = await openSignedIn(browser, server, admin, '/admin');
  await page.route('**/api/upload/audio', answer);
  const path = makeAudio(dir, 'Broken.mp3', 1);
  await choose(page, path);
  await expectToast(page, 'Upload Failed', text);
  const item = uploadItem(page, 'Broken.mp3');
  expect(await item.getAttribute('data-status')).toBe('error');
  expect(await item.getByTestId('upload-status').innerText()).toBe(text);
  expect(await page.getByRole('button', { name: /^Clear 0 Uploaded Songs$/ }).isDisabled()).toBe(true);
  await context.close();
});

test('layout at 390 and 1280 px, light and dark: queued, uploading, uploaded and failed items', async () => {
  const { page, context, problems } = await openSignedIn(browser, server, admin, '/admin', { viewport: PHONE });
  let calls = 0;
  await page.route('**/api/upload/audio', async (route) => {
    calls += 1;
    if (calls === 2) return route.fulfill({ status: 415, contentType: 'application/json', body: '{"error":"\\"A rather long file name from a phone recording 2026-11-22.flac\\" is not a supported audio format"}' });
    if (calls === 3) return; // held: stays uploading
    return route.continue();
  });
  const names = ['First song.mp3', 'A rather long file name from a phone recording 2026-11-22.flac', 'Third.mp3', 'Fourth.flac'];
  await choose(page, ...names.map((name) => makeAudio(join(dir, 'layout'), name, 1)));
  await page.locator('[data-testid="upload-item"][data-status="uploading"]').waitFor();
  await uploadItem(page, names[0]!).getByText('Uploaded').waitFor();
  await inEachLook(page, async ({ viewport, theme }) => {
    if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, `upload-${viewport.width}-${theme}.png`), fullPage: true });
    expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
  });
  await context.close();
});
