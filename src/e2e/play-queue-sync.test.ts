import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { songs } from '../../db/schema/index.ts';
import type { AlbumDto, NewAppPasswordDto, PlayQueueDto, SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { sineWav, libraryRow as row } from './player-fixtures.ts';
import { installMediaSpy, media, mediaReady, playingPast, until } from './queue-fixtures.ts';
import { createAlbum, uploadBytes } from './seed.ts';
import { openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

// The queue follows the person: a pause on one device is offered on the next, phone apps share it,
// and a reload resumes where the song was.
let server: TestServer;
let browser: Browser;
let album: AlbumDto;
const tracks: SongDto[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('mum', { isAdmin: true });
  album = await createAlbum(server, admin, 'Bedtime');
  for (const [i, title] of ['Slow Story', 'Second Story'].entries()) {
    const song = await uploadBytes(server, admin, `story${i}.wav`, sineWav(90, 330 + i * 110), { title, artist: 'Gran', albumId: album.id });
    server.db.update(songs).set({ albumOrder: i + 1 }).where(eq(songs.id, song.id)).run();
    tracks.push(song);
  }
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

async function open(cookie: string, path: string) {
  const opened = await openSignedIn(browser, server, cookie, '/account');
  await installMediaSpy(opened.page);
  await opened.page.goto(server.url + path);
  await opened.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return opened;
}

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const offer = (page: Page) => page.getByRole('region', { name: 'Continue on this device' });

async function serverQueue(cookie: string): Promise<PlayQueueDto> {
  return (await (await server.request('/api/play-queue', { cookie })).json()) as PlayQueueDto;
}

async function pause(page: Page) {
  await bar(page).getByRole('button', { name: 'Pause', exact: true }).click();
  await bar(page).getByRole('button', { name: 'Play', exact: true }).waitFor();
  await page.waitForFunction(() => (window as unknown as { __media: HTMLMediaElement[] }).__media.every((a) => a.paused));
}

describe('the play queue on the server', () => {
  test('play on A, pause, open B: "Continue on this device" puts B at the same song within ±1 s', async () => {
    const cookie = await server.signUp('handover');
    const a = await open(cookie, `/album/${album.id}`);
    await row(a.page, 'Slow Story').click();
    await playingPast(a.page, 3);
    await pause(a.page);
    const there = (await media(a.page))!;
    await until(() => serverQueue(cookie), (q) => Math.abs(q.positionMs / 1000 - there.time) < 0.3);

    const b = await open(cookie, '/');
    await offer(b.page).getByText('Slow Story').waitFor();
    await offer(b.page).getByRole('button', { name: 'Continue on this device' }).click();
    await bar(b.page).getByTestId('player-title').getByText('Slow Story').waitFor();
    await bar(b.page).getByRole('button', { name: 'Play', exact: true }).waitFor();
    await mediaReady(b.page);
    const here = (await media(b.page))!;
    expect(here.src).toBe(new URL(tracks[0]!.audioUrl, server.url).pathname);
    expect(Math.abs(here.time - there.time)).toBeLessThanOrEqual(1);
    expect(await offer(b.page).count()).toBe(0);
    // A's own reload is not offered its own queue.
    await a.page.reload();
    await a.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await bar(a.page).getByTestId('player-title').getByText('Slow Story').waitFor();
    expect(await offer(a.page).count()).toBe(0);
    expect([...a.problems, ...b.problems]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  test("a Subsonic app's savePlayQueue is offered in the web app, and the web app's queue reads back in getPlayQueue", async () => {
    const cookie = await server.signUp('carrider');
    const password = ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Car' }, cookie })).json()) as NewAppPasswordDto).password;
    const rest = async (method: string, extra: [string, string][] = []) => {
      const search = new URLSearchParams([['u', 'carrider'], ['p', password], ['v', '1.16.1'], ['c', 'Symfonium'], ['f', 'json'], ...extra]);
      return ((await (await server.request(`/rest/${method}?${search}`)).json()) as { 'subsonic-response': Record<string, any> })['subsonic-response'];
    };
    const ids = tracks.map((song) => ['id', String(song.id)] as [string, string]);
    expect((await rest('savePlayQueue', [...ids, ['current', String(tracks[1]!.id)], ['position', '42000']])).status).toBe('ok');

    const web = await open(cookie, '/');
    await offer(web.page).getByText('Paused at 0:42 on Symfonium').waitFor();
    await offer(web.page).getByRole('button', { name: 'Continue on this device' }).click();
    await bar(web.page).getByTestId('player-title').getByText('Second Story').waitFor();
    await mediaReady(web.page);
    expect(Math.abs((await media(web.page))!.time - 42)).toBeLessThanOrEqual(1);

    await bar(web.page).getByRole('button', { name: 'Play', exact: true }).click();
    await playingPast(web.page, 43);
    await pause(web.page);
    const there = (await media(web.page))!;
    const app = (await until(() => rest('getPlayQueue'), (answer) => answer.playQueue.changedBy !== 'Symfonium')).playQueue;
    expect(app.current).toBe(String(tracks[1]!.id));
    expect(Math.abs(app.position / 1000 - there.time)).toBeLessThanOrEqual(1);
    expect(app.entry.map((entry: { title: string }) => entry.title)).toEqual(['Slow Story', 'Second Story']);
    expect(web.problems).toEqual([]);
    await web.context.close();
  });

  test('a reload while playing resumes within 1 s of where the song was', async () => {
    const cookie = await server.signUp('reloader');
    const { page, context, problems } = await open(cookie, `/album/${album.id}`);
    await row(page, 'Slow Story').click();
    // Past a 5 s step of the local copy, where a reload used to resume up to 5 s early.
    await playingPast(page, 8);
    const before = (await media(page))!.time;
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await bar(page).getByTestId('player-title').getByText('Slow Story').waitFor();
    await mediaReady(page);
    const after = (await media(page))!;
    expect(after.paused).toBe(true);
    expect(Math.abs(after.time - before)).toBeLessThanOrEqual(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
