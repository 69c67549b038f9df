import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { SongDto } from '../shared/types.ts';
import { openPage, releaseBrowser, sharedBrowser, waitForHydration } from '../testing/browser.ts';
import { loudnessFixture, taggedFlac } from '../testing/loudness-fixtures.ts';
import { type TestBucket, startTestBucket } from '../testing/s3-server.ts';
import { type TestServer, makeTempDir, startTestServer } from '../testing/server.ts';
import { TAP_PLAYING_AUDIO, heardLevel } from './heard-level.ts';

// Audio redirected to the bucket's presigned links (S3_PUBLIC_URLS=true) still plays through the
// player's gain stage: the element asks the bucket for CORS, so Web Audio hears the samples.
setDefaultTimeout(120_000);

const work = makeTempDir('hearth-s3-presigned-e2e-');
let bucket: TestBucket;
let server: TestServer;
let browser: Browser;
let song: SongDto;

/** ffmpeg's RMS level (dBFS) of a file. */
function rmsDb(path: string): number {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-nostdin', '-i', path, '-af', 'pan=mono|c0=c0,astats=measure_overall=RMS_level:measure_perchannel=none', '-f', 'null', '-'], { encoding: 'utf8' });
  return Number(/RMS level dB:\s+(-?[\d.]+)/.exec(run.stderr)![1]);
}

beforeAll(async () => {
  bucket = await startTestBucket('hearth-presigned', { cors: true });
  server = await startTestServer({ ...bucket.env, S3_PUBLIC_URLS: 'true' });
  const admin = await server.signUp('mum', { isAdmin: true });
  // 12 dB too quiet, and its tags say so: the player boosts it through a gain node at once.
  const flac = taggedFlac(loudnessFixture(work, -30, 8), join(work, 'quiet.flac'), { title: 'Quiet One', REPLAYGAIN_TRACK_GAIN: '12.00 dB', REPLAYGAIN_TRACK_PEAK: '0.05' });
  const form = new FormData();
  form.set('status', 'published');
  form.set('file', new File([readFileSync(flac)], 'quiet.flac'));
  const uploaded = await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin });
  expect(uploaded.status).toBe(200);
  song = await uploaded.json();
  expect((await server.request('/api/settings', { method: 'PATCH', json: { normalisation: 'track' }, cookie: admin })).status).toBe(200);
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
  await bucket?.stop();
  rmSync(work, { recursive: true, force: true });
});

test('a song that needs a boost plays at the reference level from a presigned bucket link, not silent', async () => {
  const reference = rmsDb(loudnessFixture(work, -18, 8));
  const { page, context } = await openPage(browser);
  await page.addInitScript(TAP_PLAYING_AUDIO);
  const fromBucket = page.waitForResponse((response) => response.url().startsWith(bucket.env.S3_ENDPOINT!));
  await page.goto(`${server.url}/share/${song.shareId}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  // The bytes come from the bucket, which let this page read them.
  expect((await fromBucket).headers()['access-control-allow-origin']).toBe('*');
  const heard = await heardLevel(page);
  expect(Math.abs(heard.rms - reference)).toBeLessThanOrEqual(1.5);
  await context.close();
});
