/**
 * `bun src/testing/screenshots.ts URL OUT_DIR USER PASSWORD`: screenshots of the main screens of
 * a running Hearth at 390 px and 1280 px, light and dark, for docs/screenshots/ and for looking
 * at what a change did. Needs shares and songs in the data (e.g. `npm run cli -- demo`).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, waitForHydration } from './browser.ts';

const [base = 'http://localhost:3000', out = 'docs/screenshots', username = 'admin', password = ''] = process.argv.slice(2);
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'wide', width: 1280, height: 800 },
];

/** Addresses of a song, an album and a playlist; makes a playlist of four songs when the user has none. */
async function catalogueLinks(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const songs = (await (await fetch('/api/songs')).json()) as { id: number; shareId: string }[];
    const albums = (await (await fetch('/api/albums')).json()) as { id: number; shareId: string }[];
    let playlists = (await (await fetch('/api/playlists')).json()) as { id: number }[];
    if (playlists.length === 0) {
      const json = { 'content-type': 'application/json' };
      const made = (await (await fetch('/api/playlists', { method: 'POST', headers: json, body: JSON.stringify({ name: 'Road Trip' }) })).json()) as { id: number };
      for (const song of songs.slice(0, 4)) {
        await fetch(`/api/playlists/${made.id}/songs`, { method: 'POST', headers: json, body: JSON.stringify({ songId: song.id }) });
      }
      playlists = [made];
    }
    return {
      'share-song': `/share/${songs[0]?.shareId}`,
      'share-album': `/share/album/${albums[0]?.shareId}`,
      albums: '/albums',
      album: `/album/${albums[0]?.id}`,
      playlists: '/playlists',
      playlist: `/playlists/${playlists[0]?.id}`,
      account: '/account',
      favourites: '/favourites',
      'recently-played': '/recently-played',
      'admin-music': '/admin',
      'admin-albums': '/admin/albums',
      'admin-deleted': '/admin/deleted',
      'admin-settings': '/admin/settings',
    };
  });
}

mkdirSync(out, { recursive: true });
const browser = await launchBrowser();
try {
  for (const size of SIZES) {
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1 });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      const shot = async (name: string, path: string, prepare?: () => Promise<void>) => {
        await page.goto(base + path);
        await waitForHydration(page);
        await prepare?.();
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(out, `${name}-${size.name}-${theme}.png`) });
      };
      await shot('landing', '/');
      await shot('login', '/login');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${base}/`);
      const links = await catalogueLinks(page);
      await shot('library', '/', async () => {
        await page.getByRole('list', { name: 'Songs' }).getByRole('button').first().click();
        await page.locator('[data-player-bar]').waitFor();
      });
      await shot('search', '/search?q=light');
      await shot('add-to-playlist', '/', async () => {
        await page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: /^Options for/ }).first().click();
        await page.getByRole('menuitem', { name: 'Add to Playlist' }).click();
        await page.getByRole('dialog').waitFor();
      });
      await shot('share-audio', '/share');
      for (const [name, path] of Object.entries(links)) await shot(name, path);
      await shot('not-found', '/no/such/page');
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`Screenshots in ${out}`);
