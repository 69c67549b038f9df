import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { AlbumDto, SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, makeTempDir, startTestServer } from '../testing/server.ts';
import { type ToneTags, taggedTone } from '../testing/tag-fixtures.ts';
import { expand, serverSong } from './admin-songs-helpers.ts';
import { createAlbum, uploadBytes } from './seed.ts';
import { PHONE, expectToast, inEachLook, openSignedIn } from './signed-in.ts';

// Years and genres read from the files' tags: on the album page, and edited in the admin form.
setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let seventies: AlbumDto;
let boogie: SongDto;
const work = makeTempDir('hearth-e2e-tags-');

const tone = (name: string, tags: ToneTags, frequency: number) => new Uint8Array(readFileSync(taggedTone(join(work, name), tags, frequency)));

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  seventies = await createAlbum(server, admin, 'Seventies');
  boogie = await uploadBytes(server, admin, 'boogie.mp3', tone('boogie.mp3', { genre: 'Rock & Roll; Blues', date: '1975', track: '1' }, 300), { title: 'Boogie', albumId: seventies.id });
  await uploadBytes(server, admin, 'shuffle.flac', tone('shuffle.flac', { genre: 'rock & roll', date: '1977', track: '2' }, 350), { title: 'Shuffle', albumId: seventies.id });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('album page', () => {
  test("the header shows the album's latest year and most common genre; clean at 390 and 1280 px, light and dark", async () => {
    const { page, problems, context } = await openSignedIn(browser, server, admin, `/album/${seventies.id}`, { viewport: PHONE });
    await page.getByTestId('album-subtitle').waitFor();
    await inEachLook(page, async () => {
      expect(await page.getByTestId('album-subtitle').innerText()).toBe('1977 • Rock & Roll');
      expect(await page.getByTestId('album-stats').innerText()).toStartWith('2 songs • ');
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('admin song form', () => {
  test('genre and year show what the tags said and are saved with Save Changes', async () => {
    const { page, problems, context } = await openSignedIn(browser, server, admin, '/admin');
    await page.getByTestId('manage-row').first().waitFor();
    const row = await expand(page, 'Boogie');
    expect(await row.getByLabel('Genre').inputValue()).toBe('Rock & Roll; Blues');
    expect(await row.getByLabel('Year').inputValue()).toBe('1975');
    await row.getByLabel('Genre').fill('Jazz; swing / jazz');
    await row.getByLabel('Year').fill('1940');
    await row.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Song updated!');
    await serverSong(server, admin, boogie.id, (song) => song?.year === 1940 && song.genres.join('|') === 'Jazz|swing');
    // Emptied, they clear.
    await row.getByLabel('Genre').fill('');
    await row.getByLabel('Year').fill('');
    await row.getByRole('button', { name: 'Save Changes' }).click();
    await serverSong(server, admin, boogie.id, (song) => song?.year === null && song.genres.length === 0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
