import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { AlbumDto, PlaylistDto, SongDto } from '../shared/types.ts';
import { launchBrowser, openPage, waitForHydration } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { createAlbum, createPlaylist, uploadSong } from './seed.ts';

setDefaultTimeout(30_000);

const HOSTILE = '</title><script>alert("x")</script> & "quotes"';
let server: TestServer;
let browser: Browser;
let song: SongDto;
let album: AlbumDto;
let playlist: PlaylistDto;
let playlistSongs: SongDto[];

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('admin', { isAdmin: true });
  album = await createAlbum(server, admin, 'Road Trip');
  song = await uploadSong(server, admin, 'tagged.mp3', { title: HOSTILE, artist: 'Fixture Band', albumId: album.id });
  const second = await uploadSong(server, admin, 'plain.mp3', { title: 'Second Tone', artist: 'Duo', albumId: album.id });
  const third = await uploadSong(server, admin, 'tone.ogg', { title: 'Third Tone', artist: 'Trio' });
  playlistSongs = [third, second];
  playlist = await createPlaylist(server, admin, 'Family Mix', playlistSongs.map((s) => s.id));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
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

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')!.currentTime);
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
    await page.waitForFunction(() => document.querySelector('audio')!.currentTime > 0.2);
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
    await page.waitForFunction(() => document.querySelector('audio')!.currentTime > 0.1);
    // Track one ends: the next becomes current and plays.
    await page.waitForFunction((before) => (document.querySelector('[aria-current="true"]') as HTMLElement | null)?.innerText !== before, first);
    expect(await currentTrack(page)).toBe(titles[1]!);
    // The last ends: playback stops.
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => document.querySelector('audio')!.paused)).toBe(true);
    expect(await currentTrack(page)).toBe(titles[1]!);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('tapping a playlist track plays it and highlights it', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${server.url}/share/playlist/${playlist.shareId}`);
    await page.getByRole('heading', { name: 'Family Mix' }).waitFor();
    await waitForHydration(page);
    await page.getByRole('button', { name: /Second Tone/ }).click();
    await page.waitForFunction(() => document.querySelector('audio')!.currentTime > 0.1);
    expect(await currentTrack(page)).toContain('Second Tone');
    await expect(page.getByTestId('current-title').innerText()).resolves.toBe('Second Tone');
    expect(await audioTime(page)).toBeGreaterThan(0);
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
