import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { filesUnder } from '../testing/media-fixtures.ts';
import type { SongDto } from '../shared/types.ts';
import type { TestServer } from '../testing/server.ts';

/**
 * Real audio for the admin upload tests, made by ffmpeg into `dir`: noise, so neither mp3 nor
 * flac shrinks it, a few MB each so progress is observable under a throttled upload.
 */
export function makeAudio(dir: string, name: string, seconds: number): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  const codec = name.endsWith('.flac') ? ['-ac', '2'] : ['-ac', '2', '-b:a', '320k'];
  const run = Bun.spawnSync(['ffmpeg', '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `anoisesrc=d=${seconds}:c=pink:a=0.3`, '-ar', '44100', ...codec, '-y', path]);
  if (run.exitCode !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  return path;
}

/** Chromium's network emulation limits the upload to `bytesPerSecond` (-1: no limit). */
export async function throttleUpload(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

/** Every file under DATA_DIR/media, its temp folder included. */
export const mediaFiles = (server: TestServer) => filesUnder(join(server.dataDir, 'media')).sort();
export const tempFiles = (server: TestServer) => filesUnder(join(server.dataDir, 'media', 'tmp'));

export async function allSongs(server: TestServer, admin: string): Promise<SongDto[]> {
  return (await server.request('/api/songs/all', { cookie: admin })).json() as Promise<SongDto[]>;
}

/** Polls a server-side condition (the server notices a dropped upload on its own schedule). */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await Bun.sleep(25);
  }
}

export type Snapshot = [file: string, status: string, progress: number][];

/** Records the upload list on every DOM change, so a test can read what was shown over time. */
export function recordUploads(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { __uploads: Snapshot[] };
    w.__uploads = [];
    const take = () => {
      const snap = [...document.querySelectorAll<HTMLElement>('[data-testid="upload-item"]')].map(
        (li) => [li.dataset.file!, li.dataset.status!, Number(li.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? 0)] as [string, string, number],
      );
      const last = w.__uploads.at(-1);
      if (JSON.stringify(last) !== JSON.stringify(snap)) w.__uploads.push(snap);
    };
    new MutationObserver(take).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

export const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __uploads: Snapshot[] }).__uploads);

export const uploadItem = (page: Page, file: string) => page.locator(`[data-testid="upload-item"][data-file="${file}"]`);
