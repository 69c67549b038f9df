import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { BookmarkDto, SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, makeTempDir, startTestServer } from '../testing/server.ts';
import { sineWav, libraryRow as row } from './player-fixtures.ts';
import { uploadBytes } from './seed.ts';
import { installMediaSpy, longStoryOpus, media, playingPast, until } from './queue-fixtures.ts';
import { openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

// Long songs (over 10 minutes) keep each person's position, shown at the top of the library.
let server: TestServer;
let browser: Browser;
let story: SongDto;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('mum', { isAdmin: true });
  story = await uploadBytes(server, admin, 'story.opus', longStoryOpus(makeTempDir()), { title: 'The Long Story', artist: 'Gran' });
  await uploadBytes(server, admin, 'short.wav', sineWav(20, 500), { title: 'A Short Tune' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const shelf = (page: Page) => page.getByRole('region', { name: 'Continue listening' });
const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const bookmarks = async (cookie: string) => (await (await server.request('/api/bookmarks', { cookie })).json()) as BookmarkDto[];

async function reopenLibrary(page: Page) {
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await row(page, 'A Short Tune').waitFor();
}

describe('Continue listening', () => {
  test('a paused long song shows on the shelf with its progress; a tap resumes there; finished, it drops off', async () => {
    const cookie = await server.signUp('listener');
    const { page, context, problems } = await openSignedIn(browser, server, cookie, '/account');
    await installMediaSpy(page);
    await reopenLibrary(page);
    expect(await shelf(page).count()).toBe(0);

    await row(page, 'The Long Story').click();
    await playingPast(page, 3);
    await bar(page).getByRole('button', { name: 'Pause', exact: true }).click();
    await bar(page).getByRole('button', { name: 'Play', exact: true }).waitFor();
    const [kept] = await until(() => bookmarks(cookie), (list) => list.length === 1 && list[0]!.positionMs >= 3000);
    expect(kept!.song.title).toBe('The Long Story');
    // A short song keeps no position.
    await row(page, 'A Short Tune').click();
    await playingPast(page, 1);
    await bar(page).getByRole('button', { name: 'Pause', exact: true }).click();
    await bar(page).getByRole('button', { name: 'Play', exact: true }).waitFor();

    await reopenLibrary(page);
    const item = shelf(page).getByRole('button', { name: /The Long Story/ });
    await item.waitFor();
    expect(await shelf(page).getByRole('listitem').count()).toBe(1);
    const left = story.duration - kept!.positionMs / 1000;
    await item.getByText(`${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, '0')} left`).waitFor();
    expect(Number(await item.getByRole('progressbar').getAttribute('aria-valuenow'))).toBe(Math.round((kept!.positionMs / 1000 / story.duration) * 100));

    await item.click();
    await bar(page).getByTestId('player-title').getByText('The Long Story').waitFor();
    // Playing with data at hand: before it loads, an element reports its start position already.
    await page.waitForFunction(() => (window as unknown as { __media: HTMLMediaElement[] }).__media.some((a) => !a.paused && a.readyState >= 2));
    const resumed = (await media(page))!;
    expect(resumed.time).toBeGreaterThanOrEqual(kept!.positionMs / 1000 - 0.5);
    expect(resumed.time).toBeLessThan(kept!.positionMs / 1000 + 5);

    // To the last seconds: the song ends, and with it its place on the shelf.
    await page.evaluate(() => {
      const a = (window as unknown as { __media: HTMLMediaElement[] }).__media.find((x) => !x.paused)!;
      a.currentTime = a.duration - 2;
    });
    await until(() => bookmarks(cookie), (list) => list.length === 0);
    await reopenLibrary(page);
    expect(await shelf(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
