import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { songs } from '../../db/schema/index.ts';
import type { AlbumDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { installAudioSpy, sineWav, libraryRow as row } from './player-fixtures.ts';
import { createAlbum, uploadBytes } from './seed.ts';
import { expand } from './admin-songs-helpers.ts';
import { PHONE, WIDE, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(90_000);

let server: TestServer;
let browser: Browser;
let kid: string;
let admin: string;
let album: AlbumDto;

// One line a second for 40 s: more lines than a phone shows, so following playback means scrolling.
const LRC = Array.from({ length: 40 }, (_, i) => `[00:${String(i).padStart(2, '0')}.00]Line ${i + 1}`).join('\n');

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  album = await createAlbum(server, admin, 'Songs to Sing');
  for (const [i, title] of ['Sing Along', 'Humming', 'Bedtime Words'].entries()) {
    const song = await uploadBytes(server, admin, `sing${i}.wav`, sineWav(45, 300 + i * 100), { title, albumId: album.id });
    server.db.update(songs).set({ albumOrder: i + 1 }).where(eq(songs.id, song.id)).run();
    if (title === 'Sing Along') await server.request(`/api/songs/${song.id}/lyrics`, { method: 'PUT', json: { text: LRC }, cookie: admin });
    if (title === 'Bedtime Words') await server.request(`/api/songs/${song.id}/lyrics`, { method: 'PUT', json: { text: 'Once upon a time\n\n<i>the end</i>' }, cookie: admin });
  }
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const fullPlayer = (page: Page) => page.getByRole('dialog', { name: 'Now Playing' });
const currentLine = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="lyrics"] [aria-current="true"]')?.textContent ?? null);
const audioTime = (page: Page) => page.evaluate(() => (window as unknown as { __audios: HTMLMediaElement[] }).__audios.find((a) => !a.paused)?.currentTime ?? -1);

/** The current line lies inside the viewport (the view keeps it there). */
const currentInView = (page: Page) =>
  page.waitForFunction(() => {
    const line = document.querySelector('[data-testid="lyrics"] [aria-current="true"]');
    const box = line?.getBoundingClientRect();
    return !!box && box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe('the lyrics view in the full-screen player', () => {
  test('follows playback, keeps the line in view, seeks on tap; no Lyrics button for a song without lyrics', async () => {
    const { page, context } = await openSignedIn(browser, server, kid, '/account', { viewport: PHONE });
    await installAudioSpy(page);
    // Reduced motion: the view jumps to the line instead of scrolling smoothly.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${server.url}/album/${album.id}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await row(page, 'Sing Along').click();
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: /^Full screen/ }).click();
    await fullPlayer(page).getByRole('button', { name: 'Lyrics' }).click();
    await fullPlayer(page).getByRole('button', { name: 'Line 1', exact: true }).waitFor();

    // The highlighted line moves on as the song plays.
    await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="lyrics"] [aria-current="true"]')?.textContent;
      return !!text && Number(text.replace('Line ', '')) >= 2;
    });
    await currentInView(page);

    // Tapping a line far below seeks there; it becomes the current line, scrolled into view.
    await fullPlayer(page).getByRole('button', { name: 'Line 30', exact: true }).click();
    await page.waitForFunction(() => (window as unknown as { __audios: HTMLMediaElement[] }).__audios.some((a) => !a.paused && a.currentTime >= 29));
    expect(await audioTime(page)).toBeLessThan(35);
    await page.waitForFunction(() => /^Line (3\d)$/.test(document.querySelector('[data-testid="lyrics"] [aria-current="true"]')?.textContent ?? ''));
    await currentInView(page);
    expect(await currentLine(page)).toMatch(/^Line 3\d$/);


    // The next song has no lyrics: no Lyrics button, and the player shows the song again.
    await fullPlayer(page).getByRole('button', { name: 'Lyrics' }).click();
    await fullPlayer(page).getByRole('button', { name: 'Next' }).click();
    await fullPlayer(page).getByTestId('full-player-title').getByText('Humming').waitFor();
    expect(await fullPlayer(page).getByRole('button', { name: 'Lyrics' }).count()).toBe(0);
    await context.close();
  });

  test('unsynced lyrics are plain text to scroll: no line is current, markup shows as text', async () => {
    const { page, context } = await openSignedIn(browser, server, kid, `/album/${album.id}`, { viewport: PHONE });
    await row(page, 'Bedtime Words').click();
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: /^Full screen/ }).click();
    await fullPlayer(page).getByRole('button', { name: 'Lyrics' }).click();
    await fullPlayer(page).getByText('Once upon a time').waitFor();
    await fullPlayer(page).getByText('<i>the end</i>').waitFor();
    expect(await page.locator('[data-testid="lyrics"] i, [data-testid="lyrics"] [aria-current]').count()).toBe(0);
    await context.close();
  });

  test('an admin pastes lyrics in the song panel; the text is stored as lines, markup as text', async () => {
    const { page, context } = await openSignedIn(browser, server, admin, '/admin', { viewport: WIDE });
    const row = await expand(page, 'Humming');
    const field = row.getByRole('form', { name: 'Edit lyrics' }).getByLabel('Lyrics');
    await field.fill('[00:01.00]Hum <b>along</b>\n[00:03.00]Hmm');
    await row.getByRole('button', { name: 'Save Lyrics' }).click();
    await expectToast(page, 'Lyrics saved!');
    const humming = (await (await server.request('/api/songs/all', { cookie: admin })).json()) as { id: number; title: string }[];
    const id = humming.find((song) => song.title === 'Humming')!.id;
    expect(await (await server.request(`/api/songs/${id}/lyrics`, { cookie: kid })).json()).toEqual({
      synced: true,
      lang: null,
      lines: [{ start: 1000, value: 'Hum <b>along</b>' }, { start: 3000, value: 'Hmm' }],
    });
    await context.close();
  });
});
