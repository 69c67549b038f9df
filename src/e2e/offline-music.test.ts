import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { AlbumDto, SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser, openPage } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { sineWav } from './player-fixtures.ts';
import { createAlbum, createPlaylist, fixtureBytes, uploadBytes } from './seed.ts';
import { type SignedInPage, PHONE, WIDE, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(90_000);

// Music kept offline, filled and emptied from the page: the cache's keys are
// the songs' audio and artwork paths. Playing it offline (the worker's part) is offline-playback.test.ts.
const CACHE = 'hearth-offline-audio-v1';

let server: TestServer;
let browser: Browser;
let admin: string;
let album: AlbumDto;
let campfire: SongDto;
let lake: SongDto;
let drive: SongDto;
let cover: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  album = await createAlbum(server, admin, 'Summer Holidays');
  campfire = await uploadBytes(server, admin, 'campfire.wav', sineWav(20, 440), { title: 'Campfire Song', artist: 'Grandpa', albumId: album.id });
  lake = await uploadBytes(server, admin, 'lake.wav', sineWav(12, 523), { title: 'Lake at Dawn', artist: 'Grandpa', albumId: album.id });
  drive = await uploadBytes(server, admin, 'drive.ogg', fixtureBytes('tone.ogg'), { title: 'Long Drive Home', albumId: album.id });
  const form = new FormData();
  form.set('file', new File([fixtureBytes('cover.png')], 'cover.png'));
  cover = ((await (await server.request('/api/upload/image', { method: 'POST', body: form, cookie: admin })).json()) as { objectPath: string }).objectPath;
  await server.request(`/api/songs/${campfire.id}`, { method: 'PATCH', json: { artworkUrl: cover }, cookie: admin });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

async function close({ context, problems }: SignedInPage) {
  expect(problems).toEqual([]);
  await context.close();
}

/** The offline cache's keys as paths, sorted; [] when the cache does not exist. */
const cachedPaths = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname).sort();
  }, CACHE);

const cachedBytes = (page: Page, path: string) =>
  page.evaluate(async ({ name, path }) => (await (await (await caches.open(name)).match(path))?.arrayBuffer())?.byteLength ?? -1, { name: CACHE, path });

/** Counts `navigator.storage.persist()` calls (the browser's own, still called through). */
const countPersistRequests = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __persistCalls: number };
    w.__persistCalls = 0;
    const persist = StorageManager.prototype.persist;
    StorageManager.prototype.persist = function (this: StorageManager) {
      w.__persistCalls++;
      return persist.call(this);
    };
  });

const row = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}`) });
const badge = (page: Page, title: string) => row(page, title).getByRole('img', { name: 'Available offline' });

async function songMenu(page: Page, title: string, item: string) {
  await page.getByRole('button', { name: `Options for ${title}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('music kept offline', () => {
  test("a song's 'Make available offline' stores its audio and artwork, badges it and asks for persistent storage; 'Remove from device' empties the cache", async () => {
    const anna = await server.signUp('anna', { password: 'crayons99' });
    const opened = await openSignedIn(browser, server, anna, '/', { viewport: PHONE });
    const { page } = opened;
    await countPersistRequests(page);
    await page.reload();
    await row(page, 'Campfire Song').waitFor();
    expect(await cachedPaths(page)).toEqual([]);

    await songMenu(page, 'Campfire Song', 'Make available offline');
    await expectToast(page, 'Available offline', '"Campfire Song" saved on this device');
    expect(await cachedPaths(page)).toEqual([campfire.audioUrl, cover].sort());
    expect(await cachedBytes(page, campfire.audioUrl)).toBe(campfire.fileSize);
    await badge(page, 'Campfire Song').waitFor();
    expect(await badge(page, 'Lake at Dawn').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __persistCalls: number }).__persistCalls)).toBeGreaterThan(0);

    // The badge comes from the cache itself, so it survives a reload.
    await page.reload();
    await badge(page, 'Campfire Song').waitFor();

    await songMenu(page, 'Campfire Song', 'Remove from device');
    await expectToast(page, 'Removed from device', '"Campfire Song"');
    expect(await cachedPaths(page)).toEqual([]);
    await badge(page, 'Campfire Song').waitFor({ state: 'detached' });
    await close(opened);
  });

  test("an album's and a playlist's 'Make available offline' store every song in them; then the menu offers 'Remove from device'", async () => {
    const ben = await server.signUp('ben', { password: 'crayons99' });
    const trip = await createPlaylist(server, ben, 'Road Trip', [lake.id, drive.id]);
    const opened = await openSignedIn(browser, server, ben, `/playlists/${trip.id}`, { viewport: WIDE });
    const { page } = opened;
    await row(page, 'Lake at Dawn').waitFor();
    await page.getByRole('button', { name: 'Playlist options' }).click();
    await page.getByRole('menuitem', { name: 'Make available offline' }).click();
    await expectToast(page, 'Available offline', '2 songs saved on this device');
    expect(await cachedPaths(page)).toEqual([drive.audioUrl, lake.audioUrl].sort());
    await badge(page, 'Lake at Dawn').waitFor();
    await badge(page, 'Long Drive Home').waitFor();

    await page.goto(`${server.url}/album/${album.id}`);
    await row(page, 'Campfire Song').waitFor();
    await page.getByRole('button', { name: 'Album options' }).click();
    await page.getByRole('menuitem', { name: 'Make available offline' }).click();
    await expectToast(page, 'Available offline', '3 songs saved on this device');
    expect(await cachedPaths(page)).toEqual([campfire.audioUrl, lake.audioUrl, drive.audioUrl, cover].sort());
    for (const title of ['Campfire Song', 'Lake at Dawn', 'Long Drive Home']) await badge(page, title).waitFor();

    await page.getByRole('button', { name: 'Album options' }).click();
    await page.getByRole('menuitem', { name: 'Remove from device' }).click();
    await expectToast(page, 'Removed from device', '3 songs');
    expect(await cachedPaths(page)).toEqual([]);
    await close(opened);
  });

  test("/account's Offline music shows the songs and the space they use, removes one, and Remove All empties the device", async () => {
    const cara = await server.signUp('cara', { password: 'crayons99' });
    const opened = await openSignedIn(browser, server, cara, '/', { viewport: PHONE });
    const { page } = opened;
    await songMenu(page, 'Campfire Song', 'Make available offline');
    await expectToast(page, 'Available offline');
    await songMenu(page, 'Lake at Dawn', 'Make available offline');
    await expectToast(page, 'Available offline', '"Lake at Dawn"');
    const coverBytes = await cachedBytes(page, cover);
    expect(coverBytes).toBeGreaterThan(0);

    await page.goto(`${server.url}/account`);
    const section = page.getByTestId('offline-music');
    await section.getByRole('heading', { name: 'Offline music' }).waitFor();
    const megabytes = ((campfire.fileSize + lake.fileSize + coverBytes) / (1024 * 1024)).toFixed(2);
    await section.getByText(`2 songs · ${megabytes} MB on this device`).waitFor();
    const list = section.getByRole('list', { name: 'Songs on this device' });
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Campfire Song'), expect.stringContaining('Lake at Dawn')]);

    await section.getByRole('button', { name: 'Remove "Campfire Song" from device' }).click();
    await expectToast(page, 'Removed from device', '"Campfire Song"');
    await section.getByText(`1 song · ${(lake.fileSize / (1024 * 1024)).toFixed(2)} MB on this device`).waitFor();
    // Its artwork went with it: no other kept song uses it.
    expect(await cachedPaths(page)).toEqual([lake.audioUrl]);

    await section.getByRole('button', { name: 'Remove All' }).click();
    await page.getByRole('alertdialog', { name: 'Remove all offline music?' }).getByRole('button', { name: 'Remove All' }).click();
    await expectToast(page, 'Removed from device', '1 song');
    await section.getByText('No music on this device yet.', { exact: false }).waitFor();
    expect(await cachedPaths(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await close(opened);
  });

  test('the next online sync drops a kept song that was unpublished, and keeps the rest', async () => {
    const dan = await server.signUp('dan', { password: 'crayons99' });
    const gone = await uploadBytes(server, admin, 'gone.wav', sineWav(5, 330), { title: 'Soon Gone' });
    const opened = await openSignedIn(browser, server, dan, '/', { viewport: WIDE });
    const { page } = opened;
    await songMenu(page, 'Soon Gone', 'Make available offline');
    await expectToast(page, 'Available offline');
    await songMenu(page, 'Lake at Dawn', 'Make available offline');
    await expectToast(page, 'Available offline', '"Lake at Dawn"');
    expect(await cachedPaths(page)).toEqual([gone.audioUrl, lake.audioUrl].sort());

    const unpublished = await server.request(`/api/songs/${gone.id}/status`, { method: 'PATCH', json: { status: 'pending' }, cookie: admin });
    expect(unpublished.status).toBe(200);
    // Opening the app online reads the song list again: the sync runs without any click.
    await page.goto(`${server.url}/account`);
    // The section lists the device's music again whenever the cache changes.
    await page.getByTestId('offline-music').getByText('1 song ·', { exact: false }).waitFor();
    expect(await cachedPaths(page)).toEqual([lake.audioUrl]);
    await close(opened);
  });

  test('a song kept while the online sync waits for its answer is not dropped by that sync', async () => {
    const fay = await server.signUp('faye', { password: 'crayons99' });
    const opened = await openSignedIn(browser, server, fay, '/', { viewport: WIDE });
    const { page, context } = opened;
    await songMenu(page, 'Lake at Dawn', 'Make available offline');
    await expectToast(page, 'Available offline', '"Lake at Dawn"');
    // The next sync's look-up (about Lake at Dawn only) is held until Campfire Song is kept too.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const lookedUp = new Promise<void>((resolve) => (asked = resolve));
    await context.route('**/api/songs/visible?*', async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.reload();
    await lookedUp;
    await songMenu(page, 'Campfire Song', 'Make available offline');
    await expectToast(page, 'Available offline', '"Campfire Song"');
    const answered = page.waitForResponse((response) => response.url().includes('/api/songs/visible?'));
    release();
    await answered;
    // A second sync (the connection coming back) runs after the first one has judged.
    const again = page.waitForResponse((response) => response.url().includes('/api/songs/visible?'));
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await again;
    await badge(page, 'Campfire Song').waitFor();
    expect(await cachedPaths(page)).toEqual([campfire.audioUrl, cover, lake.audioUrl].sort());
    await context.unroute('**/api/songs/visible?*');
    await close(opened);
  });

  test("another account signing in on the same device never finds the previous one's music", async () => {
    const eve = await server.signUp('eve', { password: 'crayons99' });
    const finn = await server.signUp('finn', { password: 'crayons99' });
    const opened = await openSignedIn(browser, server, eve, '/', { viewport: PHONE });
    const { page, context } = opened;
    await songMenu(page, 'Lake at Dawn', 'Make available offline');
    await expectToast(page, 'Available offline');
    expect(await cachedPaths(page)).toEqual([lake.audioUrl]);

    // Eve's session ends without Log out (expired, or the cookie cleared); Finn signs in here.
    await context.clearCookies();
    const [name, value] = finn.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    await page.goto(`${server.url}/account`);
    await page.getByTestId('offline-music').getByText('No music on this device yet.', { exact: false }).waitFor();
    expect(await cachedPaths(page)).toEqual([]);
    await close(opened);
  });

  test('without a connection nothing more is stored and the toast says why, whether or not the storing code was loaded', async () => {
    const gil = await server.signUp('gil', { password: 'crayons99' });
    const opened = await openSignedIn(browser, server, gil, '/', { viewport: PHONE });
    const { page, context } = opened;
    const failed = () => expectToast(page, 'Failed to make available offline', 'Unable to download the song. Please check your internet connection and try again.');
    // Offline before the lazily loaded storing code was ever fetched (no worker in this test).
    await context.setOffline(true);
    await songMenu(page, 'Campfire Song', 'Make available offline');
    await failed();
    await context.setOffline(false);
    await songMenu(page, 'Lake at Dawn', 'Make available offline');
    await expectToast(page, 'Available offline', '"Lake at Dawn"');
    // Offline with the code loaded: the download itself fails.
    await context.setOffline(true);
    await songMenu(page, 'Campfire Song', 'Make available offline');
    await failed();
    expect(await cachedPaths(page)).toEqual([lake.audioUrl]);
    expect(await badge(page, 'Campfire Song').count()).toBe(0);
    await context.setOffline(false);
    const offlineNoise = /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch dynamically imported module/;
    opened.problems.splice(0, opened.problems.length, ...opened.problems.filter((problem) => !offlineNoise.test(problem)));
    await close(opened);
  });

  test("a full device stops storing and says 'Not enough space on this device'", async () => {
    const hal = await server.signUp('hal', { password: 'crayons99' });
    const opened = await openSignedIn(browser, server, hal, `/album/${album.id}`, { viewport: PHONE });
    const { page } = opened;
    await row(page, 'Campfire Song').waitFor();
    // The origin's quota shrunk below one song (20 s of WAV is about 320 KB).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: server.url, quotaSize: 100 * 1024 });
    await page.getByRole('button', { name: 'Album options' }).click();
    await page.getByRole('menuitem', { name: 'Make available offline' }).click();
    await expectToast(page, 'Failed to make available offline', 'Not enough space on this device');
    expect(await cachedPaths(page)).not.toContain(campfire.audioUrl);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: server.url });
    opened.problems.splice(0, opened.problems.length, ...opened.problems.filter((problem) => !/quota/i.test(problem)));
    await close(opened);
  });

  test('a signed-out visitor is never offered it, and listening on a share page stores nothing', async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${server.url}/share/${campfire.shareId}`);
    await page.getByRole('heading', { name: 'Campfire Song' }).waitFor();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(() => [...document.querySelectorAll('audio')].some((audio) => audio.currentTime > 0) || performance.getEntriesByType('resource').some((entry) => entry.name.includes('/media/songs/')));
    expect(await page.getByText('Make available offline').count()).toBe(0);
    expect(await cachedPaths(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
