import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { loudnessJob } from '../jobs/loudness.ts';
import { parseConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import type { AlbumDto } from '../shared/types.ts';
import { openPage, releaseBrowser, sharedBrowser, waitForHydration } from '../testing/browser.ts';
import { TAP_PLAYING_AUDIO, heardLevel } from './heard-level.ts';
import { loudnessFixture, taggedFlac } from '../testing/loudness-fixtures.ts';
import { type TestServer, makeTempDir, startTestServer } from '../testing/server.ts';

setDefaultTimeout(120_000);

const work = makeTempDir('hearth-loudness-e2e-');
let server: TestServer;
let browser: Browser;
let admin: string;
const TARGETS = [-14, -23, -30];

/** ffmpeg's RMS level (dBFS) of a file: what pink noise at the reference measures as a signal. */
function rmsDb(path: string): number {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-nostdin', '-i', path, '-af', 'pan=mono|c0=c0,astats=measure_overall=RMS_level:measure_perchannel=none', '-f', 'null', '-'], { encoding: 'utf8' });
  return Number(/RMS level dB:\s+(-?[\d.]+)/.exec(run.stderr)![1]);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { isAdmin: true });
  for (const lufs of TARGETS) {
    const file = taggedFlac(loudnessFixture(work, lufs, 8), join(work, `level-${lufs}.flac`), { album: 'Levels', title: `At ${lufs}`, track: String(TARGETS.indexOf(lufs) + 1) });
    const form = new FormData();
    form.set('status', 'published');
    form.set('file', new File([readFileSync(file)], basename(file)));
    expect((await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin })).status).toBe(200);
  }
  await loudnessJob.run({ db: server.db, config: parseConfig({}), storage: server.storage, log: createLogger('silent'), now: Date.now }, new AbortController().signal);
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

test('a share page plays pink noise at -14, -23 and -30 LUFS at the reference level (±1 LU), never above -1 dBFS', async () => {
  const reference = rmsDb(loudnessFixture(work, -18, 8));
  expect((await server.request('/api/settings', { method: 'PATCH', json: { normalisation: 'track' }, cookie: admin })).status).toBe(200);
  const album = ((await (await server.request('/api/albums', { cookie: admin })).json()) as AlbumDto[]).find((a) => a.name === 'Levels')!;
  const { page, context } = await openPage(browser);
  await page.addInitScript(TAP_PLAYING_AUDIO);
  await page.goto(`${server.url}/share/album/${album.shareId}`);
  await waitForHydration(page);
  const heard: { rms: number; peak: number }[] = [];
  for (const lufs of TARGETS) {
    // The element the click starts (not the one fading out) is the one to listen to.
    await page.evaluate(() => delete (window as unknown as { playingEl?: unknown }).playingEl);
    await page.getByRole('button', { name: new RegExp(`At ${lufs}`) }).click();
    heard.push(await heardLevel(page));
  }
  for (const [i, level] of heard.entries()) {
    expect([TARGETS[i], Math.abs(level.rms - reference) <= 1]).toEqual([TARGETS[i], true]);
    expect(level.peak).toBeLessThanOrEqual(-1);
  }
  await context.close();
});
