import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import type { RecentPlayDto, SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { uploadSong } from './seed.ts';
import { type SignedInPage, PHONE, WIDE, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let lullaby: SongDto;
let rain: SongDto;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  lullaby = await uploadSong(server, admin, 'tone.ogg', { title: 'Lullaby', artist: 'Gran' });
  rain = await uploadSong(server, admin, 'tone.opus', { title: 'Rain', artist: 'Gran' });
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

const favouritesOf = async (cookie: string) => ((await (await server.request('/api/favourites', { cookie })).json()) as SongDto[]).map((song) => song.title);

describe('favourites and recently played', () => {
  test("a song's menu adds a favourite; Favourites lists it; the full player's heart takes it off again", async () => {
    const kid = await server.signUp('kid1', { password: 'crayons99' });
    const opened = await openSignedIn(browser, server, kid, '/', { viewport: WIDE });
    const { page } = opened;
    await page.getByRole('button', { name: 'Options for Lullaby' }).click();
    await page.getByRole('menuitem', { name: 'Add to Favourites' }).click();
    await expectToast(page, 'Added to Favourites', 'Lullaby');
    expect(await favouritesOf(kid)).toEqual(['Lullaby']);

    await page.getByRole('navigation', { name: 'Your music' }).getByRole('link', { name: 'Favourites' }).click();
    await page.getByRole('heading', { name: 'Favourites', level: 1 }).waitFor();
    const list = page.getByRole('list', { name: 'Favourites' });
    await list.getByText('Lullaby').waitFor();
    await list.getByRole('button', { name: /Lullaby/ }).first().click();
    await page.getByRole('button', { name: 'Full screen: Lullaby' }).click();
    const heart = page.getByRole('dialog', { name: 'Now Playing' }).getByRole('button', { name: 'Favourite' });
    await page.waitForFunction(() => document.querySelector('[aria-label="Favourite"]')?.getAttribute('aria-pressed') === 'true');
    await heart.click();
    await expectToast(page, 'Removed from Favourites', 'Lullaby');
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    expect(await favouritesOf(kid)).toEqual([]);
    await close(opened);
  });

  test('Recently played shows counted plays, newest first, on a phone', async () => {
    const kid = await server.signUp('kid2', { password: 'crayons99' });
    for (const song of [lullaby, rain]) await server.request('/api/plays', { method: 'POST', json: { songId: song.id }, cookie: kid });
    const recent = (await (await server.request('/api/recently-played', { cookie: kid })).json()) as RecentPlayDto[];
    expect(recent.map((play) => play.song.title)).toEqual(['Rain', 'Lullaby']);
    const opened = await openSignedIn(browser, server, kid, '/', { viewport: PHONE });
    const { page } = opened;
    await page.getByRole('navigation', { name: 'Your music' }).getByRole('link', { name: 'Recently played' }).click();
    const list = page.getByRole('list', { name: 'Recently played' });
    await list.getByText('Rain').waitFor();
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Rain'), expect.stringContaining('Lullaby')]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await close(opened);
  });
});
