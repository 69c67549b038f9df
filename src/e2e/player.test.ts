import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { songs } from '../../db/schema/index.ts';
import type { AlbumDto, SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { audioState, installAudioSpy, installMediaSessionSpy, played, sineWav, libraryRow as row } from './player-fixtures.ts';
import { createAlbum, fixtureBytes, uploadBytes } from './seed.ts';
import { PHONE, WIDE, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(90_000);

let server: TestServer;
let browser: Browser;
let kid: string;
let naps: AlbumDto;
let longs: AlbumDto;
let napSongs: SongDto[];
let broken: SongDto;
let covered: SongDto;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  naps = await createAlbum(server, admin, 'Naps');
  longs = await createAlbum(server, admin, 'Long Ones');
  napSongs = [];
  for (const [i, [file, title]] of [['tone.ogg', 'Nap One'], ['tone.wav', 'Nap Two'], ['tone.opus', 'Nap Three']].entries()) {
    const song = await uploadBytes(server, admin, file!, fixtureBytes(file!), { title: title!, albumId: naps.id });
    server.db.update(songs).set({ albumOrder: i + 1 }).where(eq(songs.id, song.id)).run();
    napSongs.push(song);
  }
  for (const [i, title] of ['Long Lullaby', 'Long Story'].entries()) {
    const song = await uploadBytes(server, admin, `long${i}.wav`, sineWav(30, 300 + i * 100), { title, artist: 'Grandpa Joe', albumId: longs.id });
    server.db.update(songs).set({ albumOrder: i + 1 }).where(eq(songs.id, song.id)).run();
  }
  covered = await uploadBytes(server, admin, 'tagged.mp3', fixtureBytes('tagged.mp3'), { title: 'Covered Tune' });
  broken = await uploadBytes(server, admin, 'broken.ogg', fixtureBytes('tone.ogg'), { title: 'Broken Tune' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});


/** Opens with the audio spy installed before any page script runs. */
function openSpied(path: string, viewport = WIDE) {
  return openSignedIn(browser, server, kid, path, { viewport, beforeLoad: (page) => Promise.all([installAudioSpy(page), installMediaSessionSpy(page)]) });
}

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const fullPlayer = (page: Page) => page.getByRole('dialog', { name: 'Now Playing' });
const waitTime = (page: Page, above: number) =>
  page.waitForFunction((t) => (window as unknown as { __audios: HTMLMediaElement[] }).__audios.some((a) => !a.paused && a.currentTime > t), above);

describe('the playback engine in Chromium', () => {
  test('real audio plays: current time advances, shown as m:ss in the full-screen player', async () => {
    const { page, context, problems } = await openSpied(`/album/${longs.id}`);
    await row(page, 'Long Lullaby').click();
    await waitTime(page, 0.3);
    const first = (await audioState(page))!.time;
    await waitTime(page, first + 0.5);
    await bar(page).getByRole('button', { name: /^Full screen/ }).click();
    await fullPlayer(page).getByTestId('full-player-title').getByText('Long Lullaby').waitFor();
    await fullPlayer(page).getByText('Grandpa Joe').waitFor();
    expect(await fullPlayer(page).getByTestId('full-player-total').textContent()).toBe('0:30');
    await page.waitForFunction(() => document.querySelector('[data-testid="full-player-elapsed"]')?.textContent !== '0:00');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('previous and next exist only with a neighbour', async () => {
    const { page, context } = await openSpied(`/album/${longs.id}`);
    await row(page, 'Long Lullaby').click();
    await bar(page).getByRole('button', { name: /^Full screen/ }).click();
    const dialog = fullPlayer(page);
    expect(await dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByTestId('full-player-title').getByText('Long Story').waitFor();
    await page.waitForFunction(() => (window as unknown as { __played: string[] }).__played.length === 2);
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await dialog.getByTestId('full-player-title').getByText('Long Lullaby').waitFor();
    await waitTime(page, 0.2);
    await context.close();
  });

  test('an album plays through without gaps and stops after its last track; the bar then clears', async () => {
    const { page, context, problems } = await openSpied(`/album/${naps.id}`);
    await page.getByRole('region', { name: 'Album' }).getByRole('button', { name: 'Play' }).click();
    await bar(page).getByTestId('player-title').getByText('Nap One').waitFor();
    await bar(page).waitFor({ state: 'detached', timeout: 20_000 });
    const sequence = (await played(page)).filter((p, i, all) => p !== all[i - 1]);
    expect(sequence).toEqual(napSongs.map((s) => new URL(s.audioUrl, server.url).pathname));
    expect(problems).toEqual([]);
    await context.close();
  });

  test('loop restarts the song at its end', async () => {
    const { page, context } = await openSpied(`/album/${longs.id}`);
    await row(page, 'Long Story').click();
    await waitTime(page, 0.1);
    await bar(page).getByRole('button', { name: /^Full screen/ }).click();
    await fullPlayer(page).getByRole('button', { name: 'Loop' }).click();
    expect(await fullPlayer(page).getByRole('button', { name: 'Loop' }).getAttribute('aria-pressed')).toBe('true');
    await page.evaluate(() => {
      const a = (window as unknown as { __audios: HTMLMediaElement[] }).__audios.find((x) => !x.paused)!;
      a.currentTime = a.duration - 0.3;
    });
    await page.waitForFunction(() => (window as unknown as { __played: string[] }).__played.length >= 2);
    await waitTime(page, 0.2);
    expect((await audioState(page))!.time).toBeLessThan(10);
    expect(await fullPlayer(page).getByTestId('full-player-title').textContent()).toBe('Long Story');
    await context.close();
  });

  test('a song whose audio answers 500 is tried three times, then Connection Problem', async () => {
    const { page, context } = await openSpied('/');
    let probes = 0;
    await page.route(new URL(broken.audioUrl, server.url).href, (route) => {
      if (route.request().headers().range === 'bytes=0-1') probes += 1;
      return route.fulfill({ status: 500, body: 'boom' });
    });
    await row(page, 'Broken Tune').click();
    await expectToast(page, 'Connection Problem', 'Unable to load the song. Please check your internet connection and try again.');
    expect(probes).toBe(3);
    expect((await played(page)).length).toBe(3);
    await context.close();
  });

  test('a corrupt file is Format Not Supported, tried once', async () => {
    const { page, context } = await openSpied('/');
    await page.route(new URL(broken.audioUrl, server.url).href, (route) => route.fulfill({ status: 200, contentType: 'audio/ogg', body: Buffer.from(fixtureBytes('fake.mp3')) }));
    await row(page, 'Broken Tune').click();
    await expectToast(page, 'Format Not Supported', 'This audio format is not supported by your browser. Please try a different song.');
    expect((await played(page)).length).toBe(1);
    await context.close();
  });
});

describe('the full-screen player', () => {
  test('opens from the bar, locks the body scroll, closes with Escape and with Close', async () => {
    const { page, context, problems } = await openSpied(`/album/${longs.id}`, PHONE);
    await row(page, 'Long Lullaby').click();
    await bar(page).getByRole('button', { name: /^Full screen/ }).click();
    await fullPlayer(page).waitFor();
    for (const name of ['Close player', 'Restart', 'Previous', 'Pause', 'Next', 'Loop']) await fullPlayer(page).getByRole('button', { name }).waitFor();
    await fullPlayer(page).getByRole('slider', { name: 'Seek' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await fullPlayer(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await bar(page).getByRole('button', { name: /^Full screen/ }).click();
    await fullPlayer(page).getByRole('button', { name: 'Close player' }).click();
    await fullPlayer(page).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('dragging down more than 100 px on touch closes it; a shorter drag does not', async () => {
    const { page, context } = await openSignedIn(browser, server, kid, `/album/${longs.id}`, { viewport: PHONE });
    await row(page, 'Long Lullaby').click();
    await bar(page).getByRole('button', { name: /^Full screen/ }).click();
    await fullPlayer(page).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const drag = async (dy: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 195, y: 200 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 195, y: 200 + dy / 2 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 195, y: 200 + dy }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await drag(80);
    await page.waitForFunction(() => !(document.querySelector('[data-full-player]') as HTMLElement).style.transform);
    expect(await fullPlayer(page).isVisible()).toBe(true);
    await drag(150);
    await fullPlayer(page).waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('keyboard shortcuts', () => {
  const timeNow = async (page: Page) => (await audioState(page))!.time;

  test('arrows seek 5 s, Space pauses and plays without pressing the focused row, N and P move in the album', async () => {
    const { page, context, problems } = await openSpied(`/album/${longs.id}`);
    await row(page, 'Long Lullaby').click();
    await waitTime(page, 0.5);
    const t0 = await timeNow(page);
    await page.keyboard.press('ArrowRight');
    const t1 = await timeNow(page);
    expect(t1 - t0).toBeGreaterThan(4.5);
    expect(t1 - t0).toBeLessThan(6);
    await page.keyboard.press('ArrowLeft');
    expect(Math.abs((await timeNow(page)) - t0)).toBeLessThan(1);
    // The row that started the song has focus: Space toggles play and does not press it again.
    await page.keyboard.press('Space');
    await page.waitForFunction(() => (window as unknown as { __audios: HTMLMediaElement[] }).__audios.every((a) => a.paused));
    await bar(page).getByRole('button', { name: 'Play' }).waitFor();
    expect((await played(page)).length).toBe(1);
    await page.keyboard.press('Space');
    await bar(page).getByRole('button', { name: 'Pause' }).waitFor();
    await page.keyboard.press('n');
    await bar(page).getByTestId('player-title').getByText('Long Story').waitFor();
    await page.keyboard.press('N');
    expect(await bar(page).getByTestId('player-title').textContent()).toBe('Long Story');
    await page.keyboard.press('p');
    await bar(page).getByTestId('player-title').getByText('Long Lullaby').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('keys typed in a text field are the field\'s, not shortcuts', async () => {
    const { page, context } = await openSpied(`/album/${longs.id}`);
    await row(page, 'Long Lullaby').click();
    await waitTime(page, 0.2);
    await page.getByRole('link', { name: 'Search', exact: true }).first().click();
    const input = page.getByLabel('Search music');
    await input.click();
    await page.keyboard.type('n p');
    await page.keyboard.press('ArrowLeft');
    expect(await input.inputValue()).toBe('n p');
    expect(await bar(page).getByTestId('player-title').textContent()).toBe('Long Lullaby');
    expect((await audioState(page))!.paused).toBe(false);
    expect((await played(page)).length).toBe(1);
    await context.close();
  });
});

describe('Media Session', () => {
  type Spied = { __handlers: Record<string, ((d: object) => void) | null>; __position: MediaPositionState | null };
  const call = (page: Page, action: string, details: object = {}) =>
    page.evaluate(([a, d]) => (window as unknown as Spied).__handlers[a as string]!({ action: a, ...(d as object) }), [action, details] as const);
  const metadata = (page: Page) =>
    page.evaluate(() => {
      const m = navigator.mediaSession.metadata;
      return m && { title: m.title, artist: m.artist, album: m.album, artwork: m.artwork.map((a) => a.src) };
    });
  const handlerSet = (page: Page) => page.evaluate(() => Object.entries((window as unknown as Spied).__handlers).filter(([, h]) => h).map(([a]) => a).sort());

  test('metadata, handlers (previous and next only with a neighbour) and position state follow the player', async () => {
    const { page, context, problems } = await openSpied(`/album/${longs.id}`);
    await row(page, 'Long Lullaby').click();
    await page.waitForFunction(() => navigator.mediaSession.metadata?.title === 'Long Lullaby');
    expect(await metadata(page)).toEqual({ title: 'Long Lullaby', artist: 'Grandpa Joe', album: 'Long Ones', artwork: [] });
    expect(await handlerSet(page)).toEqual(['nexttrack', 'pause', 'play', 'seekbackward', 'seekforward', 'seekto']);
    await waitTime(page, 0.3);
    await page.waitForFunction(() => (window as unknown as Spied).__position?.duration === 30);
    await call(page, 'seekto', { seekTime: 20 });
    expect((await audioState(page))!.time).toBeGreaterThanOrEqual(20);
    await page.waitForFunction(() => ((window as unknown as Spied).__position?.position ?? 0) >= 20);
    await call(page, 'seekbackward');
    expect((await audioState(page))!.time).toBeLessThan(12);
    await call(page, 'seekforward', { seekOffset: 5 });
    const t = (await audioState(page))!.time;
    expect(t).toBeGreaterThanOrEqual(15);
    expect(t).toBeLessThan(17);
    await call(page, 'pause');
    await page.waitForFunction(() => navigator.mediaSession.playbackState === 'paused');
    await call(page, 'play');
    await page.waitForFunction(() => navigator.mediaSession.playbackState === 'playing');
    await call(page, 'nexttrack');
    await page.waitForFunction(() => navigator.mediaSession.metadata?.title === 'Long Story');
    expect(await handlerSet(page)).toEqual(['pause', 'play', 'previoustrack', 'seekbackward', 'seekforward', 'seekto']);
    await call(page, 'previoustrack');
    await page.waitForFunction(() => navigator.mediaSession.metadata?.title === 'Long Lullaby');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('artwork is the song\'s cover', async () => {
    const { page, context } = await openSpied('/');
    await row(page, 'Covered Tune').click();
    await page.waitForFunction(() => navigator.mediaSession.metadata?.title === 'Covered Tune');
    expect(covered.artworkUrl).not.toBeNull();
    expect((await metadata(page))!.artwork).toEqual([new URL(covered.artworkUrl!, server.url).href]);
    await context.close();
  });
});


describe('beyond the original product description', () => {
  test('the queue, position and context survive a reload, paused where they were', async () => {
    const { page, context, problems } = await openSpied(`/album/${longs.id}`);
    await row(page, 'Long Lullaby').click();
    await waitTime(page, 0.3);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitTime(page, 10);
    await page.keyboard.press('Space');
    await bar(page).getByRole('button', { name: 'Play', exact: true }).waitFor();
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await bar(page).getByTestId('player-title').getByText('Long Lullaby').waitFor();
    await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
    await waitTime(page, 10);
    expect((await audioState(page))!.time).toBeLessThan(14);
    await page.keyboard.press('n');
    await bar(page).getByTestId('player-title').getByText('Long Story').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the queue is visible from the full-screen player; a tap there plays that song', async () => {
    const { page, context, problems } = await openSpied(`/album/${longs.id}`);
    await row(page, 'Long Lullaby').click();
    await bar(page).getByRole('button', { name: /^Full screen/ }).click();
    await fullPlayer(page).getByRole('button', { name: 'Queue' }).click();
    const queue = fullPlayer(page).getByRole('list', { name: 'Queue' });
    expect(await queue.getByRole('button').allInnerTexts()).toEqual([expect.stringContaining('Long Lullaby'), expect.stringContaining('Long Story')]);
    expect(await queue.getByRole('button', { name: /Long Lullaby/ }).getAttribute('aria-current')).toBe('true');
    await queue.getByRole('button', { name: /Long Story/ }).click();
    await queue.getByRole('button', { name: /Long Story/ }).and(page.locator('[aria-current="true"]')).waitFor();
    await fullPlayer(page).getByRole('button', { name: 'Queue' }).click();
    await fullPlayer(page).getByTestId('full-player-title').getByText('Long Story').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('volume', () => {
  test('wide screens set the volume in the bar and it is remembered; phones have no slider', async () => {
    const { page, context, problems } = await openSpied(`/album/${longs.id}`);
    await row(page, 'Long Lullaby').click();
    await waitTime(page, 0.6);
    const slider = bar(page).getByRole('slider', { name: 'Volume' });
    expect(await slider.getAttribute('aria-valuenow')).toBe('100');
    await slider.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('PageUp');
    expect(await slider.getAttribute('aria-valuenow')).toBe('10');
    await page.waitForFunction(() => (window as unknown as { __audios: HTMLMediaElement[] }).__audios.some((a) => !a.paused && Math.abs(a.volume - 0.1) < 0.001));
    // The slider owns the arrows: no seek.
    const t = (await audioState(page))!.time;
    await page.keyboard.press('ArrowRight');
    expect((await audioState(page))!.time - t).toBeLessThan(2);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await bar(page).getByRole('slider', { name: 'Volume' }).getAttribute('aria-valuenow')).toBe('11');
    await page.setViewportSize(PHONE);
    expect(await bar(page).getByTestId('volume').isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
