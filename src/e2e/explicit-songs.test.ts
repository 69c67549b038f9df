import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import type { SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { insertSong } from '../testing/factories.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { bulkBar, expand, serverSong, songRow } from './admin-songs-helpers.ts';
import { expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let member: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { isAdmin: true });
  member = await server.signUp('dad');
  for (const title of ['Loud Words', 'Quiet Words', 'Bold Words']) ids[title] = insertSong(server.db, { title, status: 'published' }).id;
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const explicitOf = (song: SongDto | undefined) => song?.explicit;

describe('explicit songs', () => {
  test('an admin ticks Explicit in the song form and marks others in bulk; rows show the "E"', async () => {
    const { page, problems, context } = await openSignedIn(browser, server, admin, '/admin');
    const row = await expand(page, 'Loud Words');
    await row.getByLabel('Explicit (hidden from members set to Clean)').click();
    await row.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Song updated!');
    await serverSong(server, admin, ids['Loud Words']!, (song) => explicitOf(song) === true);
    await songRow(page, 'Loud Words').getByRole('img', { name: 'Explicit' }).waitFor();

    await songRow(page, 'Bold Words').getByRole('checkbox', { name: 'Select Bold Words' }).click();
    await songRow(page, 'Quiet Words').getByRole('checkbox', { name: 'Select Quiet Words' }).click();
    // Toasts sit above the bulk bar, not over its buttons ('Song updated!' would take the next click
    // for 5 s): the area's bottom, less its 1rem padding, is at or above the bar's top. The bar is
    // pinned 0.75rem above the foot of the 800 px window (the open form makes the page tall).
    await bulkBar(page).waitFor();
    const bar = (await bulkBar(page).boundingBox())!;
    expect(Math.round(bar.y + bar.height)).toBe(800 - 12);
    const toasts = (await page.getByRole('region', { name: /^Notifications/ }).locator('ol').boundingBox())!;
    expect(toasts.y + toasts.height - 16).toBeLessThanOrEqual(bar.y);
    await bulkBar(page).getByRole('button', { name: 'Mark Explicit' }).click();
    await expectToast(page, 'Songs marked explicit!');
    await songRow(page, 'Bold Words').getByRole('img', { name: 'Explicit' }).waitFor();
    await songRow(page, 'Quiet Words').getByRole('checkbox', { name: 'Select Quiet Words' }).click();
    await bulkBar(page).getByRole('button', { name: 'Not Explicit' }).click();
    await expectToast(page, 'Songs marked not explicit!');
    await serverSong(server, admin, ids['Quiet Words']!, (song) => explicitOf(song) === false);
    expect(await songRow(page, 'Quiet Words').getByRole('img', { name: 'Explicit' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();

    // A member without restrictions sees the explicit songs, marked.
    const library = await openSignedIn(browser, server, member, '/');
    const marked = library.page.getByRole('img', { name: 'Explicit' });
    await marked.first().waitFor();
    expect(await marked.count()).toBe(2);
    await library.context.close();
  });
});
