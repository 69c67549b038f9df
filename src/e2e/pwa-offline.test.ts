import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { API_CACHE, BACK_ONLINE_TEXT, EXPIRATION_DB, EXPIRATION_STORE, KEPT_AUDIO_PARAM, NEEDS_CONNECTION_TEXT, OFFLINE_AUDIO_CACHE, OFFLINE_BANNER_TEXT, SEARCHES_KEPT, SEARCH_CACHE } from '../shared/pwa.ts';
import type { AlbumDto, PlaylistDto, SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser, waitForAsync } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { fixture } from '../testing/media-fixtures.ts';
import { createAlbum, createPlaylist, uploadSong } from './seed.ts';
import { type SignedInPage, openSignedIn } from './signed-in.ts';

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;
let kid: string;
let mum: string;
let bedtime: SongDto;
let morning: SongDto;
let album: AlbumDto;
let playlist: PlaylistDto;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  mum = admin;
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  album = await createAlbum(server, admin, 'Sleepy Songs');
  bedtime = await uploadSong(server, admin, 'tagged.mp3', { title: 'Bedtime', albumId: album.id });
  morning = await uploadSong(server, admin, 'tone.ogg', { title: 'Morning', artist: 'Grandpa Joe' });
  playlist = await createPlaylist(server, kid, 'Road Trip', [morning.id]);
  // Artwork, so the worker's artwork cache and its expiration database hold a URL.
  const form = new FormData();
  form.set('file', new File([await Bun.file(fixture('cover.png')).bytes()], 'cover.png'));
  const cover = ((await (await server.request('/api/upload/image', { method: 'POST', body: form, cookie: admin })).json()) as { objectPath: string }).objectPath;
  await server.request(`/api/songs/${bedtime.id}`, { method: 'PATCH', json: { artworkUrl: cover }, cookie: admin });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** These tests are about the worker: it runs (other browser tests block it, see openPage). */
const ALLOW = { serviceWorkers: 'allow' } as const;

const rows = (page: Page) => page.getByRole('list', { name: 'Songs' }).getByRole('listitem');

/** The page is controlled by the worker, and the worker has kept the user for offline use. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await cached(page, '/api/user');
}

async function cached(page: Page, path: string, cacheName: string = API_CACHE) {
  await waitForAsync(page, async ([cache, url]) => (await (await caches.open(cache)).match(url)) !== undefined, [cacheName, path] as const);
}

/** A search read through the worker, once it is in the search cache. */
async function searched(page: Page, path: string) {
  await page.evaluate((url) => fetch(url).then((response) => response.text()), path);
  await cached(page, path, SEARCH_CACHE);
}

/** Requests the browser could not make offline are expected; anything else is a problem. */
function unexpected(problems: string[]) {
  return problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/.test(p));
}

async function close({ context, problems }: SignedInPage) {
  expect(unexpected(problems)).toEqual([]);
  await context.close();
}

describe('the service worker', () => {
  test('installs at /service-worker.js with scope /, controls the page, and is never HTTP-cached', async () => {
    const opened = await openSignedIn(browser, server, kid, '/', ALLOW);
    await controlled(opened.page);
    const registration = await opened.page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return { scope: reg.scope, script: reg.active?.scriptURL, controller: navigator.serviceWorker.controller?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${server.url}/`, script: `${server.url}/service-worker.js`, controller: `${server.url}/service-worker.js` });
    const response = await server.request('/service-worker.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('service-worker-allowed')).toBe('/');
    expect(response.headers.get('content-type')).toContain('javascript');
    // The precache list names this build's hashed bundles and the offline documents.
    const source = await response.text();
    expect(source).toMatch(/\/assets\/offline-app-[a-z0-9]+\.html/);
    expect(source).toMatch(/\/assets\/styles-[a-z0-9]+\.css/);
    await close(opened);
  });
});

describe('offline banner', () => {
  test("going offline shows it; coming back shows 'Back Online' for 3 s", async () => {
    const opened = await openSignedIn(browser, server, kid, '/', ALLOW);
    const { page, context } = opened;
    const banner = page.getByTestId('connection-banner');
    expect(await banner.count()).toBe(0);
    // Offline before the worker's script has come, Chromium logs that fetch's failure.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.clock.install();
    await context.setOffline(true);
    await banner.filter({ hasText: OFFLINE_BANNER_TEXT }).waitFor();
    expect(await banner.getAttribute('role')).toBe('status');
    // From here time moves only when the test moves it: on a loaded machine, real time passing
    // before the check below would count towards the 3 s.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await context.setOffline(false);
    await banner.filter({ hasText: BACK_ONLINE_TEXT }).waitFor();
    await page.clock.runFor(2_900);
    expect(await banner.textContent()).toBe(BACK_ONLINE_TEXT);
    await page.clock.runFor(200);
    await banner.waitFor({ state: 'detached' });
    await close(opened);
  });
});

describe('offline after one online visit', () => {
  test('the library, an album and a playlist open from the offline app document', async () => {
    const opened = await openSignedIn(browser, server, kid, '/', ALLOW);
    const { page, context } = opened;
    await controlled(page);
    // The first visit's song list was read before the worker controlled the page: it is kept too.
    await cached(page, '/api/songs/page');
    await page.goto(`${server.url}/album/${album.id}`);
    await rows(page).filter({ hasText: 'Bedtime' }).waitFor();
    await page.goto(`${server.url}/playlists/${playlist.id}`);
    await rows(page).filter({ hasText: 'Morning' }).waitFor();

    await context.setOffline(true);
    await page.goto(`${server.url}/`);
    await rows(page).filter({ hasText: 'Bedtime' }).waitFor();
    await rows(page).filter({ hasText: 'Morning' }).waitFor();
    await page.getByText(OFFLINE_BANNER_TEXT).waitFor();
    // Served by the worker: the document has no Flight payload and no user data in it.
    expect(await page.evaluate(() => '__hearthFlight' in self)).toBe(false);
    expect(await page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src'))).toMatch(/offline-start/);

    await page.goto(`${server.url}/album/${album.id}`);
    await page.getByRole('heading', { name: 'Sleepy Songs' }).waitFor();
    await rows(page).filter({ hasText: 'Bedtime' }).waitFor();
    await page.goto(`${server.url}/playlists/${playlist.id}`);
    await page.getByRole('heading', { name: 'Road Trip' }).waitFor();
    await rows(page).filter({ hasText: 'Morning' }).waitFor();
    // Client-side navigation within the offline app works as online.
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Library' }).click();
    await rows(page).filter({ hasText: 'Bedtime' }).waitFor();
    await close(opened);
  });

  test('share pages and /share say they need a connection', async () => {
    const opened = await openSignedIn(browser, server, kid, '/', ALLOW);
    const { page, context } = opened;
    await controlled(page);
    await context.setOffline(true);
    for (const path of [`/share/${bedtime.shareId}`, `/share/album/${album.shareId}`, '/share']) {
      await page.goto(server.url + path);
      await page.getByRole('heading', { name: "You're Offline" }).waitFor();
      await page.getByText(NEEDS_CONNECTION_TEXT).waitFor();
    }
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'Share Audio' }).waitFor();
    await close(opened);
  });
});

describe('kept audio and artwork (the offline-music contract)', () => {
  test('a kept song answers ranges from the cache offline; another song fails', async () => {
    const opened = await openSignedIn(browser, server, kid, '/', ALLOW);
    const { page, context } = opened;
    await controlled(page);
    const size = await page.evaluate(async ([cacheName, url]) => {
      const response = await fetch(url!);
      const bytes = (await response.clone().arrayBuffer()).byteLength;
      await (await caches.open(cacheName!)).put(url!, response);
      return bytes;
    }, [OFFLINE_AUDIO_CACHE, bedtime.audioUrl] as const);
    await context.setOffline(true);
    // Addressed as the player addresses a kept song (unmarked song audio goes straight to the network).
    const ranged = await page.evaluate(async (url) => {
      const response = await fetch(url, { headers: { range: 'bytes=100-199' } });
      return { status: response.status, range: response.headers.get('content-range'), length: (await response.arrayBuffer()).byteLength };
    }, `${bedtime.audioUrl}?${KEPT_AUDIO_PARAM}`);
    expect(ranged).toEqual({ status: 206, range: `bytes 100-199/${size}`, length: 100 });
    const other = await page.evaluate((url) => fetch(url, { headers: { range: 'bytes=0-' } }).then(() => 'answered', () => 'failed'), morning.audioUrl);
    expect(other).toBe('failed');
    await close(opened);
  });
});

const EXPIRATION_NAMES = [EXPIRATION_DB, EXPIRATION_STORE] as const;

/** The URLs in the worker's expiration database (`names`: its database and store), read in the page. */
function expirationUrls([database, storeName]: readonly [string, string]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(database);
    opening.onupgradeneeded = () => opening.transaction?.abort();
    opening.onerror = () => resolve([]);
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains(storeName)) return resolve([]);
      const all = db.transaction(storeName).objectStore(storeName).getAll();
      all.onsuccess = () => {
        db.close();
        resolve((all.result as { url: string }[]).map((entry) => new URL(entry.url).pathname + new URL(entry.url).search));
      };
      all.onerror = () => reject(all.error);
    };
  });
}

describe('searches', () => {
  test(`only the newest ${SEARCHES_KEPT} searches' answers are kept`, async () => {
    const opened = await openSignedIn(browser, server, mum, '/', ALLOW);
    const { page } = opened;
    await controlled(page);
    const path = (i: number) => `/api/songs/page?q=${i % 2 === 0 ? 'bed' : 'mor'}&limit=${i + 1}`;
    for (let i = 0; i < SEARCHES_KEPT + 5; i++) await searched(page, path(i));
    // The worker's expiration runs after each answer is stored: wait until it has caught up.
    await waitForAsync(page, async ([cache, most]) => (await (await caches.open(cache)).keys()).length <= most, [SEARCH_CACHE, SEARCHES_KEPT] as const);
    const kept = await page.evaluate(async (cache) => (await (await caches.open(cache)).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search), SEARCH_CACHE);
    expect(kept.sort()).toEqual(Array.from({ length: SEARCHES_KEPT }, (_, i) => path(i + 5)).sort());
    // Not in the library's copies either: those are the pages the offline library reads.
    expect(await page.evaluate(async (cache) => (await (await caches.open(cache)).keys()).filter((r) => new URL(r.url).search.includes('q=')).length, API_CACHE)).toBe(0);
    await close(opened);
  });
});

describe('signing out', () => {
  test('leaves no cached API responses, artwork or offline audio on the device', async () => {
    const opened = await openSignedIn(browser, server, kid, '/', ALLOW);
    const { page } = opened;
    await controlled(page);
    await cached(page, '/api/songs/page');
    // A search: its answer is kept, and its address (what was searched for) noted for expiry.
    await searched(page, '/api/songs/page?q=bedtime');
    await page.evaluate(async ([cacheName, url]) => {
      await (await caches.open(cacheName!)).put(url!, await fetch(url!));
    }, [OFFLINE_AUDIO_CACHE, bedtime.audioUrl] as const);
    // Shown again under the worker's control, the artwork went through it, which noted its URL for expiry.
    await page.reload();
    await controlled(page);
    const noted = async () => {
      const urls = await page.evaluate(expirationUrls, EXPIRATION_NAMES);
      return urls.some((url) => url.startsWith('/objects/')) && urls.includes('/api/songs/page?q=bedtime');
    };
    for (const deadline = Date.now() + 30_000; !(await noted()); ) {
      if (Date.now() > deadline) throw new Error('no artwork or search URL in the expiration database');
    }
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(expirationUrls, EXPIRATION_NAMES)).toEqual([]);
    const left = await page.evaluate(async () => {
      const kept: string[] = [];
      for (const name of await caches.keys()) {
        if (name.includes('precache')) continue;
        for (const request of await (await caches.open(name)).keys()) kept.push(`${name} ${new URL(request.url).pathname}`);
      }
      return kept;
    });
    expect(left).toEqual([]);
    await close(opened);
  });
});

describe('another account on the same device', () => {
  test("after a session that ended without Log out, none of the last user's kept reads stay", async () => {
    // A fresh account: the sign-out test above ended kid's session.
    const gran = await server.signUp('gran', { password: 'knitting99' });
    const opened = await openSignedIn(browser, server, gran, `/playlists/${playlist.id}`, ALLOW);
    const { page, context } = opened;
    await controlled(page);
    await cached(page, `/api/playlists/${playlist.id}`);
    await searched(page, '/api/search?q=knitting');
    // Gran's session ends on the server (no Log out on this device); mum signs in here.
    await server.request('/api/logout', { method: 'POST', cookie: gran });
    await context.clearCookies();
    const [name, value] = mum.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    await page.goto(`${server.url}/`);
    await rows(page).filter({ hasText: 'Bedtime' }).waitFor();
    // Gran's reads are dropped and mum's kept again in parallel: wait for the settled cache.
    await waitForAsync(page, async (cache) => {
      const kept = await caches.open(cache);
      const paths = (await kept.keys()).map((r) => new URL(r.url).pathname).sort();
      const user = await kept.match('/api/user');
      return paths.join() === '/api/songs/page,/api/songs/page/offline-copy,/api/user' && user !== undefined && ((await user.json()) as { username: string }).username === 'mum';
    }, API_CACHE);
    const kept = await page.evaluate(async (cache) => (await (await caches.open(cache)).keys()).map((r) => new URL(r.url).pathname).sort(), API_CACHE);
    // The library's first page (its only one), and the mark of the worker's copy of every page.
    expect(kept).toEqual(['/api/songs/page', '/api/songs/page/offline-copy', '/api/user']);
    // Nor gran's search: not its answer, not its address in the expiration database.
    expect(await page.evaluate(async (cache) => (await (await caches.open(cache)).keys()).length, SEARCH_CACHE)).toBe(0);
    expect((await page.evaluate(expirationUrls, EXPIRATION_NAMES)).filter((url) => url.includes('knitting'))).toEqual([]);
    await close(opened);
  });
});
