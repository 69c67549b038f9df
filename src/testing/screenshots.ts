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

async function shareLinks(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const songs = (await (await fetch('/api/songs')).json()) as { shareId: string }[];
    const albums = (await (await fetch('/api/albums')).json()) as { shareId: string }[];
    return { 'share-song': `/share/${songs[0]?.shareId}`, 'share-album': `/share/album/${albums[0]?.shareId}` };
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
      const links = await shareLinks(page);
      await shot('library', '/', async () => {
        await page.getByRole('list', { name: 'Songs' }).getByRole('button').first().click();
        await page.locator('[data-player-bar]').waitFor();
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
