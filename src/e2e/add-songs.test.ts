import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { songs } from '../../db/schema/index.ts';
import { buildSong, insertSong } from '../testing/factories.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { createPlaylist } from './seed.ts';
import { expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let kid: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  ids.bedtime = insertSong(server.db, { title: 'Bedtime', artist: 'Grandpa Joe' }).id;
  ids.morning = insertSong(server.db, { title: 'Morning', artist: null }).id;
  ids.lullaby = insertSong(server.db, { title: 'Lullaby', artist: 'Nana' }).id;
  ids.sunrise = insertSong(server.db, { title: 'Sunrise', artist: 'The Early Birds' }).id;
  insertSong(server.db, { title: 'Draft', artist: 'Nana', status: 'pending' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Add Songs to Playlist' });

/** The titles the dialog offers, in order (the rows are named "Add {title}"). */
const offered = (page: Page) =>
  dialogOf(page)
    .getByRole('list', { name: 'Available songs' })
    .getByRole('button')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')!.replace(/^(Add|Adding|Added) /, '')));

const waitForOffered = (page: Page, titles: string[]) =>
  page.waitForFunction(
    (want) => JSON.stringify([...document.querySelectorAll('ul[aria-label="Available songs"] button')].map((el) => el.getAttribute('aria-label')!.replace(/^(Add|Adding|Added) /, ''))) === JSON.stringify(want),
    titles,
  );

async function openAddSongs(page: Page) {
  await page.getByRole('button', { name: 'Playlist options' }).click();
  await page.getByRole('menuitem', { name: 'Add Songs' }).click();
  await dialogOf(page).waitFor();
}

describe('Add Songs to Playlist', () => {
  test('offers published songs not in the playlist, searches title and artist ignoring case, adds with progress, a check, then hides; closing clears', async () => {
    const playlist = await createPlaylist(server, kid, 'Fresh', [ids.bedtime!]);
    const { page, problems, context } = await openSignedIn(browser, server, kid, `/playlists/${playlist.id}`);
    await openAddSongs(page);
    const search = dialogOf(page).getByRole('searchbox', { name: 'Search songs' });
    expect(await search.getAttribute('placeholder')).toBe('Search songs...');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await waitForOffered(page, ['Lullaby', 'Morning', 'Sunrise']);
    await search.fill('NANA');
    await waitForOffered(page, ['Lullaby']);
    await search.fill('early');
    await waitForOffered(page, ['Sunrise']);
    await search.fill('zzz');
    await dialogOf(page).getByText('No songs found').waitFor();
    await search.fill('');
    await waitForOffered(page, ['Lullaby', 'Morning', 'Sunrise']);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/playlists/*/songs', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await dialogOf(page).getByRole('button', { name: 'Add Morning' }).click();
    const adding = dialogOf(page).getByRole('button', { name: 'Adding Morning' });
    expect(await adding.getAttribute('data-state')).toBe('adding');
    expect(await adding.getAttribute('aria-disabled')).toBe('true');
    release();
    await expectToast(page, 'Song added!', 'Song successfully added to playlist');
    await waitForOffered(page, ['Lullaby', 'Sunrise']);
    // The playlist behind the dialog has the song already.
    await page.locator('ul[aria-label="Songs"] [aria-label="Move Morning"]').waitFor({ state: 'attached' });

    await search.fill('sun');
    await dialogOf(page).getByRole('button', { name: 'Close' }).click();
    await dialogOf(page).waitFor({ state: 'detached' });
    await openAddSongs(page);
    expect(await dialogOf(page).getByRole('searchbox').inputValue()).toBe('');
    await waitForOffered(page, ['Lullaby', 'Sunrise']);
    await dialogOf(page).getByRole('button', { name: 'Add Lullaby' }).click();
    await waitForOffered(page, ['Sunrise']);
    await dialogOf(page).getByRole('button', { name: 'Add Sunrise' }).click();
    await dialogOf(page).getByText('No available songs to add').waitFor();
    expect(await offered(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a failed load offers Try Again; the server\'s refusal of an add shows and the song stays offered', async () => {
    const playlist = await createPlaylist(server, admin, 'Mum\'s', []);
    const { page, problems, context } = await openSignedIn(browser, server, kid, `/playlists/${playlist.id}`);
    // From the first load: the page reads the library in the background once it settles.
    await page.route('**/api/songs/page*', (route) => route.abort());
    await page.reload();
    await openAddSongs(page);
    await dialogOf(page).getByText('Failed to load songs').waitFor();
    await page.unroute('**/api/songs/page*');
    await dialogOf(page).getByRole('button', { name: 'Try Again' }).click();
    await waitForOffered(page, ['Bedtime', 'Lullaby', 'Morning', 'Sunrise']);
    await dialogOf(page).getByRole('button', { name: 'Add Bedtime' }).click();
    await expectToast(page, 'Failed to add song', 'Only the person who made this playlist (or an admin) can change it');
    await dialogOf(page).getByRole('button', { name: 'Add Bedtime' }).waitFor();
    expect(problems.filter((p) => !p.includes('net::ERR_FAILED') && !p.includes('403'))).toEqual([]);
    await context.close();
  });

  test('stays light with 50,000 songs: only the rows on screen exist, read a page at a time; a search finds the last one', async () => {
    server.db.transaction((tx) => {
      // In batches of 1,000 rows: one statement per row is most of this test's time.
      const filler = Array.from({ length: 50_000 }, (_, i) => buildSong({ title: `zz filler ${String(i).padStart(5, '0')}`, artist: `Band ${i % 100}` }));
      for (let i = 0; i < filler.length; i += 1000) tx.insert(songs).values(filler.slice(i, i + 1000)).run();
    });
    const playlist = await createPlaylist(server, kid, 'Big', []);
    const { page, problems, context } = await openSignedIn(browser, server, kid, `/playlists/${playlist.id}`);
    await openAddSongs(page);
    const list = dialogOf(page).getByRole('list', { name: 'Available songs' });
    await list.waitFor();
    // The library's 50,004 songs are offered, the first page of them read (the whole list never is).
    expect(await list.getAttribute('data-total')).toBe('50004');
    expect(Number(await list.getAttribute('data-count'))).toBeLessThan(1000);
    expect(await list.getByRole('listitem').count()).toBeLessThan(30);
    await dialogOf(page).getByRole('searchbox').fill('FILLER 49999');
    await waitForOffered(page, ['zz filler 49999']);
    await dialogOf(page).getByRole('searchbox').fill('band 7');
    await page.waitForFunction(() => document.querySelector('ul[aria-label="Available songs"]')?.getAttribute('data-total') === '5500');
    expect(await list.getByRole('listitem').count()).toBeLessThan(30);
    const reads = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((path) => path === '/api/songs'));
    expect(reads).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('scrolling reads the next pages; a song from a late page is added like any other', async () => {
    // The 50,000 songs of the test before are still there.
    const playlist = await createPlaylist(server, kid, 'Late', []);
    const { page, problems, context } = await openSignedIn(browser, server, kid, `/playlists/${playlist.id}`);
    await openAddSongs(page);
    const list = dialogOf(page).getByRole('list', { name: 'Available songs' });
    const late = dialogOf(page).getByRole('button', { name: 'Add zz filler 00700' });
    // Past the first page (100 songs) and into the second (500 more): scroll until its row shows.
    await page.waitForFunction(
      () => {
        if (document.querySelector('[aria-label="Add zz filler 00700"]')) return true;
        document.querySelector('ul[aria-label="Available songs"]')!.parentElement!.scrollBy(0, 1500);
        return false;
      },
      undefined,
      { polling: 'raf' },
    );
    await late.scrollIntoViewIfNeeded();
    expect(Number(await list.getAttribute('data-count'))).toBeGreaterThan(700);
    await late.click();
    await expectToast(page, 'Song added!', 'Song successfully added to playlist');
    await dialogOf(page).getByRole('button', { name: 'Add zz filler 00700' }).waitFor({ state: 'detached' });
    const held = (await (await server.request(`/api/playlists/${playlist.id}/songs`, { cookie: kid })).json()) as { title: string }[];
    expect(held.map((song) => song.title)).toEqual(['zz filler 00700']);
    // A new search starts at the top of its own list: one page read, not as many as were scrolled past.
    const searches: string[] = [];
    page.on('request', (request) => void (new URL(request.url()).searchParams.get('q') === 'band 1' && searches.push(request.url())));
    await dialogOf(page).getByRole('searchbox').fill('band 1');
    await page.waitForFunction(() => document.querySelector('ul[aria-label="Available songs"]')?.getAttribute('data-total') === '5500');
    await dialogOf(page).getByRole('button', { name: 'Add zz filler 00001' }).waitFor();
    expect(searches.length).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
