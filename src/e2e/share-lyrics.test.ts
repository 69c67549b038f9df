import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { songs } from '../../db/schema/index.ts';
import type { AlbumDto, SongDto } from '../shared/types.ts';
import { openPage, releaseBrowser, sharedBrowser, waitForHydration } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { sineWav } from './player-fixtures.ts';
import { createAlbum, uploadBytes } from './seed.ts';
import { PHONE } from './signed-in.ts';

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;
let album: AlbumDto;
let told: SongDto;

// One line a second for 30 s: more lines than the box shows, so following playback means scrolling.
const LRC = Array.from({ length: 30 }, (_, i) => `[00:${String(i).padStart(2, '0')}.00]Line ${i + 1}`).join('\n');

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('mum', { isAdmin: true });
  album = await createAlbum(server, admin, 'Sing-along');
  for (const [i, title] of ['Sung', 'Hummed'].entries()) {
    const song = await uploadBytes(server, admin, `sing${i}.wav`, sineWav(30, 300 + i * 100), { title, albumId: album.id });
    server.db.update(songs).set({ albumOrder: i + 1 }).where(eq(songs.id, song.id)).run();
    if (title === 'Sung') await server.request(`/api/songs/${song.id}/lyrics`, { method: 'PUT', json: { text: LRC }, cookie: admin });
  }
  told = await uploadBytes(server, admin, 'story.wav', sineWav(5, 500), { title: 'Story' });
  await server.request(`/api/songs/${told.id}/lyrics`, { method: 'PUT', json: { text: 'Once upon a time\n\n<i>the end</i>' }, cookie: admin });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const lyricsBox = (page: Page) => page.getByTestId('lyrics');
const currentLine = (page: Page) => page.evaluate(() => Number(document.querySelector('[data-testid="lyrics"] [aria-current="true"]')?.textContent?.replace('Line ', '') ?? 0));

describe("the share pages' lyrics", () => {
  test('an album share: Lyrics loads its chunk on demand, follows playback in its own box, seeks on tap; gone for a song without', async () => {
    const { page, problems, context } = await openPage(browser, { viewport: PHONE });
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
    await page.goto(`${server.url}/share/album/${album.shareId}`);
    await waitForHydration(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const loadedFirst = scripts.length;
    const lyricsButton = page.getByRole('button', { name: 'Lyrics' });
    expect(await lyricsButton.getAttribute('aria-pressed')).toBe('false');
    await lyricsButton.click();
    await lyricsBox(page).getByRole('button', { name: 'Line 1', exact: true }).waitFor();
    // Not part of the first load: opening lyrics fetched JavaScript of its own.
    expect(scripts.length).toBeGreaterThan(loadedFirst);
    expect(await lyricsButton.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await lyricsBox(page).scrollIntoViewIfNeeded();
    const pageScroll = await page.evaluate(() => window.scrollY);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="lyrics"] [aria-current="true"]')?.textContent?.replace('Line ', '') ?? 0) >= 2);

    // A line far below: playback jumps there and the box scrolls it into view, the page stays put.
    await lyricsBox(page).getByRole('button', { name: 'Line 20', exact: true }).click();
    await page.waitForFunction(() => /^0:(19|2\d)$/.test(document.querySelector('[data-testid="elapsed"]')?.textContent ?? ''));
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="lyrics"] [aria-current="true"]')?.textContent?.replace('Line ', '') ?? 0) >= 20);
    expect(await currentLine(page)).toBeLessThan(26);
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="lyrics"]')!.getBoundingClientRect();
      const line = document.querySelector('[data-testid="lyrics"] [aria-current="true"]')!.getBoundingClientRect();
      return line.top >= box.top && line.bottom <= box.bottom;
    });
    expect(await page.evaluate(() => window.scrollY)).toBe(pageScroll);

    // The next track has no lyrics: no button, no box.
    await page.getByRole('button', { name: /^2\s*Hummed/ }).click();
    await page.getByTestId('current-title').getByText('Hummed').waitFor();
    expect(await lyricsButton.count()).toBe(0);
    expect(await lyricsBox(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a song share: unsynced lyrics are text to scroll, markup shown as text', async () => {
    const { page, problems, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${server.url}/share/${told.shareId}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Lyrics' }).click();
    await lyricsBox(page).getByText('Once upon a time').waitFor();
    await lyricsBox(page).getByText('<i>the end</i>').waitFor();
    expect(await page.locator('[data-testid="lyrics"] i, [data-testid="lyrics"] [aria-current]').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
