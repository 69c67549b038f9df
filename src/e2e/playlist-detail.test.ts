import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser, openPage } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { sineWav } from './player-fixtures.ts';
import { createPlaylist, uploadBytes, uploadSong } from './seed.ts';
import { PHONE, inEachLook, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let kid: string;
const song: Record<string, SongDto> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  // The two songs played below last 20 s: a 1 s tone could end, and the playlist go on to its next
  // song (or stop and hide the player), before a loaded machine reads the player.
  song.bedtime = await uploadBytes(server, admin, 'bedtime.wav', sineWav(20, 330), { title: 'Bedtime', artist: 'Grandpa Joe' });
  song.morning = await uploadBytes(server, admin, 'morning.wav', sineWav(20, 440), { title: 'Morning' });
  song.lullaby = await uploadSong(server, admin, 'tone.flac', { title: 'Lullaby', artist: 'Nana' });
  song.sunrise = await uploadSong(server, admin, 'tone.m4a', { title: 'Sunrise', artist: 'The Early Birds' });
  const draft = await uploadSong(server, admin, 'plain.mp3', { title: 'Draft' });
  await server.request(`/api/songs/${draft.id}/status`, { method: 'PATCH', json: { status: 'pending' }, cookie: admin });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const unexpected = (problems: string[]) => problems.filter((p) => !p.includes('net::ERR_FAILED') && !p.includes('403') && !p.includes('409'));
const rowTitles = (page: Page) => page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: /^Move / }).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')!.slice(5)));
/** Waits until the playlist shows these titles in this order (read from the grips' names). */
const waitForOrder = (page: Page, titles: string[]) =>
  page.waitForFunction(
    (want) => JSON.stringify([...document.querySelectorAll('ul[aria-label="Songs"] [aria-label^="Move "]')].map((el) => el.getAttribute('aria-label')!.slice(5))) === JSON.stringify(want),
    titles,
  );

/** dnd-kit's keyboard dragging: Space on the grip, an arrow, Space; each step waits for the last. */
async function moveByKeyboard(page: Page, title: string, key: 'ArrowDown' | 'ArrowUp', position: string) {
  await page.getByRole('button', { name: `Move ${title}` }).focus();
  await page.keyboard.press('Space');
  await page.waitForFunction((t) => document.querySelector(`[aria-label="Move ${t}"]`)?.getAttribute('aria-pressed') === 'true', title);
  // dnd-kit's keyboard sensor starts listening for the arrows in a zero-delay timer queued at
  // pick-up, and Chromium runs input before timers: a timer queued now fires after that one.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press(key);
  await page.getByText(`${title} moved to position ${position}.`).waitFor({ state: 'attached' });
  await page.keyboard.press('Space');
  await page.getByText(`${title} dropped at position ${position}.`).waitFor({ state: 'attached' });
}

const menu = async (page: Page, item: string) => {
  await page.getByRole('button', { name: 'Playlist options' }).click();
  await page.getByRole('menuitem', { name: item }).click();
};

describe('playlist detail', () => {
  test('header, playing within the playlist, and Share copying the public link that opens signed out', async () => {
    const playlist = await createPlaylist(server, kid, 'Car Songs', [song.bedtime!.id, song.morning!.id, song.lullaby!.id]);
    const { page, problems, context } = await openSignedIn(browser, server, kid, `/playlists/${playlist.id}`);
    await page.getByRole('heading', { name: 'Car Songs', level: 1 }).waitFor();
    await waitForOrder(page, ['Bedtime', 'Morning', 'Lullaby']);
    expect(await page.getByTestId('playlist-summary').innerText()).toMatch(/^3 songs • \d+ sec$/);
    const player = page.getByRole('region', { name: 'Player' });
    await page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: /^Morning/ }).click();
    await player.getByTestId('player-title').getByText('Morning').waitFor();
    // The header's Play (the mini player's own button reads Play too until Morning starts).
    await page.getByRole('region', { name: 'Playlist details' }).getByRole('button', { name: 'Play', exact: true }).click();
    await player.getByTestId('player-title').getByText('Bedtime').waitFor();

    await page.getByRole('button', { name: 'Playlist options' }).click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Add Songs', 'Share', 'Make available offline', 'Rename', 'Delete']);
    await page.getByRole('menuitem', { name: 'Share' }).click();
    await expectToast(page, 'Link copied!');
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${server.url}/share/playlist/${playlist.shareId}`);
    const guest = await openPage(browser);
    await guest.page.goto(link);
    await guest.page.getByText('Car Songs').first().waitFor();
    await guest.context.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('reorder by keyboard and by drag, saved across a reload; a refused reorder goes back', async () => {
    const playlist = await createPlaylist(server, kid, 'Road', [song.bedtime!.id, song.morning!.id, song.lullaby!.id]);
    const { page, problems, context } = await openSignedIn(browser, server, kid, `/playlists/${playlist.id}`);
    const grip = (title: string) => page.getByRole('button', { name: `Move ${title}` });
    await page.waitForFunction(() => document.querySelector('[aria-roledescription="sortable"]') !== null);
    // Any answer to the PUT, so a refusal fails on its status rather than waiting out the timeout.
    const saved = async () => {
      const response = await page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/playlists/${playlist.id}/songs`));
      expect(response.status()).toBe(200);
    };

    let put = saved();
    await moveByKeyboard(page, 'Bedtime', 'ArrowDown', '2 of 3');
    await put;
    expect(await rowTitles(page)).toEqual(['Morning', 'Bedtime', 'Lullaby']);

    put = saved();
    const from = (await grip('Lullaby').boundingBox())!;
    const to = (await grip('Morning').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 10 });
    await page.mouse.up();
    await put;
    expect(await rowTitles(page)).toEqual(['Lullaby', 'Morning', 'Bedtime']);
    await page.reload();
    await page.getByRole('button', { name: 'Move Lullaby' }).waitFor();
    expect(await rowTitles(page)).toEqual(['Lullaby', 'Morning', 'Bedtime']);

    await page.route('**/api/playlists/*/songs', (route) => (route.request().method() === 'PUT' ? route.abort() : route.continue()));
    await page.waitForFunction(() => document.querySelector('[aria-roledescription="sortable"]') !== null);
    await moveByKeyboard(page, 'Lullaby', 'ArrowDown', '2 of 3');
    await expectToast(page, 'Failed to reorder playlist', 'An error occurred while saving the new order');
    expect(await rowTitles(page)).toEqual(['Lullaby', 'Morning', 'Bedtime']);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  test('removing a song takes it out for good', async () => {
    const playlist = await createPlaylist(server, kid, 'Short', [song.bedtime!.id, song.morning!.id]);
    const { page, problems, context } = await openSignedIn(browser, server, kid, `/playlists/${playlist.id}`);
    await page.getByRole('button', { name: 'Options for Morning' }).click();
    await page.getByRole('menuitem', { name: 'Remove from Playlist' }).click();
    await expectToast(page, 'Song removed', '"Morning" removed from the playlist');
    expect(await rowTitles(page)).toEqual(['Bedtime']);
    await page.reload();
    await page.getByRole('button', { name: 'Move Bedtime' }).waitFor();
    expect(await rowTitles(page)).toEqual(['Bedtime']);
    expect(await page.getByTestId('playlist-summary').innerText()).toMatch(/^1 song • /);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('failed loads of the playlist or its songs say so, and Try Again recovers', async () => {
    const playlist = await createPlaylist(server, kid, 'Flaky', [song.bedtime!.id]);
    const { page, problems, context } = await openSignedIn(browser, server, kid, `/playlists/${playlist.id}`);
    for (const [path, heading] of [[`/api/playlists/${playlist.id}`, 'Failed to load playlist'], [`/api/playlists/${playlist.id}/songs`, 'Failed to load songs']] as const) {
      await page.route(`**${path}`, (route) => route.abort());
      await page.reload();
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.unroute(`**${path}`);
      await page.getByRole('button', { name: 'Try Again' }).click();
      await page.getByRole('button', { name: 'Move Bedtime' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Flaky', level: 1 }).count()).toBe(1);
    }
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  test('lays out cleanly at 390 and 1280 px, light and dark, with its menu and the Add Songs dialog open', async () => {
    const playlist = await createPlaylist(server, kid, 'A playlist name long enough to need truncating on a phone', [song.bedtime!.id, song.sunrise!.id]);
    const { page, problems, context } = await openSignedIn(browser, server, kid, `/playlists/${playlist.id}`, { viewport: PHONE });
    await page.getByRole('button', { name: 'Move Sunrise' }).waitFor();
    await inEachLook(page, async () => {
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    });
    await menu(page, 'Add Songs');
    await page.getByRole('list', { name: 'Available songs' }).waitFor();
    await inEachLook(page, async () => {
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
      expect(problems).toEqual([]);
    });
    await context.close();
  });
});
