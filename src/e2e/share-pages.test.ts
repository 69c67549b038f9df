import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { AlbumDto, PlaylistDto, SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser, openPage, waitForHydration } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { sineWav } from './player-fixtures.ts';
import { createAlbum, createPlaylist, uploadBytes, uploadSong } from './seed.ts';

setDefaultTimeout(30_000);

const HOSTILE = '</title><script>alert("x")</script> & "quotes"';
let server: TestServer;
let browser: Browser;
let song: SongDto;
let album: AlbumDto;
let playlist: PlaylistDto;
let playlistSongs: SongDto[];
/** Two 30-second songs: long enough to seek 5 s either way. */
let longAlbum: AlbumDto;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('admin', { isAdmin: true });
  album = await createAlbum(server, admin, 'Road Trip');
  song = await uploadSong(server, admin, 'tagged.mp3', { title: HOSTILE, artist: 'Fixture Band', albumId: album.id });
  const second = await uploadSong(server, admin, 'plain.mp3', { title: 'Second Tone', artist: 'Duo', albumId: album.id });
  const third = await uploadSong(server, admin, 'tone.ogg', { title: 'Third Tone', artist: 'Trio' });
  playlistSongs = [third, second];
  playlist = await createPlaylist(server, admin, 'Family Mix', playlistSongs.map((s) => s.id));
  longAlbum = await createAlbum(server, admin, 'Long Ones');
  for (const [i, title] of ['Long Lullaby', 'Long Story'].entries()) {
    await uploadBytes(server, admin, `long${i}.wav`, sineWav(30, 300 + i * 100), { title, artist: 'Grandpa Joe', albumId: longAlbum.id });
  }
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  for (let i = 2; i < bytes.length; ) {
    const marker = bytes[i + 1]!;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      return { height: (bytes[i + 5]! << 8) | bytes[i + 6]!, width: (bytes[i + 7]! << 8) | bytes[i + 8]! };
    }
    i += 2 + length;
  }
  throw new Error('no JPEG frame header');
}

/** The engine's audio is not in the document: playback is read from what the listener sees. */
const progressed = (page: Page) => page.waitForFunction(() => Number(document.querySelector('[role="slider"]')?.getAttribute('aria-valuenow')) > 0);
const seconds = (text: string) => Number(text.split(':')[0]) * 60 + Number(text.split(':')[1]);
const elapsed = async (page: Page) => seconds(await page.getByTestId('elapsed').innerText());
const currentTrack = (page: Page) => page.locator('[aria-current="true"]').innerText();

describe('single-song share page', () => {
  test('the raw HTML starts with escaped title, description and absolute preview tags', async () => {
    const response = await server.request(`/share/${song.shareId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const title = '&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;';
    expect(head).toContain(`<title>${title} - Hearth</title>`);
    expect(head).toContain(`<meta property="og:title" content="${title}"/>`);
    expect(head).toContain(`content="Listen to ${title} by Fixture Band • Road Trip on Hearth"`);
    expect(head).toContain(`<meta property="og:audio" content="${server.url}${song.audioUrl}"/>`);
    expect(head).toMatch(new RegExp(`<meta property="og:image" content="${server.url}/objects/previews/[0-9a-f]{64}\\.jpg"/>`));
    expect(head).toContain('<meta property="og:image:width" content="512"/>');
    expect(head).toContain('<meta name="twitter:card" content="summary"/>');
    expect(head).not.toContain('<script>alert');
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[^']+'/);
  });

  test('the preview image is a real 512×512 image', async () => {
    const html = await (await server.request(`/share/${song.shareId}`)).text();
    const image = html.match(/property="og:image" content="([^"]+)"/)![1]!;
    const response = await fetch(image);
    expect(response.status).toBe(200);
    expect(jpegSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: 512, height: 512 });
  });

  test('a temporary share is the fallback, shown as a song by its sharer', async () => {
    const form = new FormData();
    form.set('file', new File([await Bun.file(`${import.meta.dir}/../../media/testdata/tone.wav`).bytes()], 'tone.wav'));
    form.set('title', 'Voice Memo');
    form.set('sharedBy', 'Auntie');
    const created = await server.request('/api/temp-share', { method: 'POST', body: form });
    expect(created.status).toBe(201);
    const { shareId } = (await created.json()) as { shareId: string };
    const html = await (await server.request(`/share/${shareId}`)).text();
    expect(html).toContain('<title>Voice Memo - Hearth</title>');
    expect(html).toContain('content="Listen to Voice Memo by Auntie on Hearth"');
    expect(html).toContain(`<meta property="og:image" content="${server.url}/default-artwork.png"/>`);
    expect(html).toMatch(/<p class="[^"]*">Auntie<\/p>/);
  });

  test('plays the song: the time advances and shows as m:ss', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${server.url}/share/${song.shareId}`);
    await expect(page.title()).resolves.toBe(`${HOSTILE} - Hearth`);
    await page.getByRole('heading', { name: HOSTILE }).waitFor();
    await page.getByText('Fixture Band • Road Trip').waitFor();
    await page.getByText('Powered by Hearth').waitFor();
    await waitForHydration(page);
    await expect(page.getByTestId('total').innerText()).resolves.toBe('0:01');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await progressed(page);
    await expect(page.getByTestId('elapsed').innerText()).resolves.toMatch(/^0:0\d$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a missing share answers 404 with its text', async () => {
    const { page, problems, context } = await openPage(browser);
    const response = await page.goto(`${server.url}/share/doesNotExist123`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Share Not Found' }).waitFor();
    await page.getByText('This shared audio is not available or has expired.').waitFor();
    await waitForHydration(page);
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await context.close();
  });
});

describe('album and playlist share pages', () => {
  test('the album plays through its tracks, advancing and stopping after the last', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${server.url}/share/album/${album.shareId}`);
    await expect(page.title()).resolves.toBe('Road Trip - Hearth');
    await page.getByRole('heading', { name: 'Tracks' }).waitFor();
    await waitForHydration(page);
    const titles = await page.locator('ol li').allInnerTexts();
    expect(titles).toHaveLength(2);
    const first = await currentTrack(page);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await progressed(page);
    // Track one ends: the next becomes current and plays.
    await page.waitForFunction((before) => (document.querySelector('[aria-current="true"]') as HTMLElement | null)?.innerText !== before, first);
    expect(await currentTrack(page)).toBe(titles[1]!);
    // The last ends: playback stops.
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 10_000 });
    expect(await currentTrack(page)).toBe(titles[1]!);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('at 1280×800 the track list stands beside the cover, its first rows above the fold; on a phone below it', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const { page, problems, context } = await openPage(browser, { viewport });
      // The cover is held back: its box already has its final size and a colour.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/objects/**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${server.url}/share/album/${album.shareId}`, { waitUntil: 'commit' });
      const cover = page.locator('main img').first();
      await cover.waitFor();
      const placeholder = await cover.evaluate((img) => ({ width: img.getBoundingClientRect().width, background: getComputedStyle(img).backgroundColor }));
      expect(placeholder.width).toBe(320);
      expect(placeholder.background).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
      release();
      await waitForHydration(page);
      const art = (await cover.boundingBox())!;
      const list = (await page.locator('ol').boundingBox())!;
      const rows = page.locator('ol li');
      const last = (await rows.last().boundingBox())!;
      if (viewport.width >= 1024) {
        expect(list.x).toBeGreaterThanOrEqual(art.x + art.width);
        expect(list.y).toBeLessThan(art.y + art.height);
        expect(last.y + last.height).toBeLessThanOrEqual(viewport.height);
      } else {
        expect(list.y).toBeGreaterThanOrEqual(art.y + art.height);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test('tapping a playlist track plays it and highlights it', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${server.url}/share/playlist/${playlist.shareId}`);
    await page.getByRole('heading', { name: 'Family Mix' }).waitFor();
    await waitForHydration(page);
    await page.getByRole('button', { name: /Second Tone/ }).click();
    await progressed(page);
    expect(await currentTrack(page)).toContain('Second Tone');
    await expect(page.getByTestId('current-title').innerText()).resolves.toBe('Second Tone');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the keyboard shortcuts work on an album share page', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${server.url}/share/album/${longAlbum.shareId}`);
    await page.getByRole('heading', { name: 'Tracks' }).waitFor();
    await waitForHydration(page);
    const titles = await page.locator('ol li').allInnerTexts();
    const play = page.getByRole('button', { name: 'Play', exact: true });
    const pause = page.getByRole('button', { name: 'Pause', exact: true });
    // Space plays; the time the listener sees advances.
    await page.keyboard.press('Space');
    await pause.waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="elapsed"]')?.textContent !== '0:00');
    // The arrows move 5 seconds.
    const t0 = await elapsed(page);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((t) => Number(document.querySelector('[data-testid="elapsed"]')!.textContent!.split(':')[1]) >= t + 4, t0);
    const t1 = await elapsed(page);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((t) => Number(document.querySelector('[data-testid="elapsed"]')!.textContent!.split(':')[1]) <= t - 3, t1);
    // The lock screen knows the song (Media Session).
    await page.waitForFunction((title) => navigator.mediaSession.metadata?.title === title, titles[0]!.split('\n')[1]);
    // Space with a track's button focused pauses without pressing the button or scrolling.
    await page.getByRole('button', { name: /Long Story|Long Lullaby/ }).nth(1).focus();
    const scroll = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Space');
    await play.waitFor();
    expect(await currentTrack(page)).toBe(titles[0]!);
    expect(await page.evaluate(() => window.scrollY)).toBe(scroll);
    // N and P move to the next and previous track.
    await page.keyboard.press('n');
    await page.waitForFunction((t) => (document.querySelector('[aria-current="true"]') as HTMLElement).innerText === t, titles[1]!);
    await page.getByTestId('current-title').getByText(titles[1]!.split('\n')[1]!).waitFor();
    await page.keyboard.press('P');
    await page.waitForFunction((t) => (document.querySelector('[aria-current="true"]') as HTMLElement).innerText === t, titles[0]!);
    await pause.waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('missing album and playlist shares answer 404 with their texts', async () => {
    for (const [path, heading, text] of [
      ['/share/album/doesNotExist123', 'Album Not Found', 'This shared album is not available.'],
      ['/share/playlist/doesNotExist123', 'Playlist Not Found', 'This shared playlist is not available.'],
    ] as const) {
      const response = await server.request(path);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<h1 class="[^"]*">${heading}</h1>`));
      expect(html).toContain(text);
    }
  });
});
