import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { AlbumDto } from '../shared/types.ts';
import { openPage, releaseBrowser, sharedBrowser, waitForHydration } from '../testing/browser.ts';
import { type GaplessFormat, SINE_SAMPLES, splitSineFiles } from '../testing/gapless-fixtures.ts';
import { installGaplessTap, measureJoin, waitForTapSeconds } from '../testing/gapless-tap.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { uploadBytes } from './player-fixtures.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let admin: string;
const albums = {} as Record<GaplessFormat, number>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { isAdmin: true });
  const files = splitSineFiles();
  for (const [format, paths] of Object.entries(files) as [GaplessFormat, [string, string]][]) {
    const res = await server.request('/api/albums', { method: 'POST', json: { name: `Sine in ${format}` }, cookie: admin });
    const album = (await res.json()) as AlbumDto;
    albums[format] = album.id;
    for (const [i, path] of paths.entries()) {
      await uploadBytes(server, admin, `part-${i + 1}.${format}`, new Uint8Array(readFileSync(path)), { title: `Part ${i + 1}`, albumId: album.id });
    }
  }
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** Plays the album from its first song and reads back the join, tapped from the played signal. */
async function playedJoin(format: GaplessFormat, withoutMse = false) {
  const { context, page, problems } = await openPage(browser, { bypassCSP: true });
  await context.addCookies([{ name: admin.split('=')[0]!, value: admin.split('=').slice(1).join('='), url: server.url }]);
  await installGaplessTap(page, { withoutMse });
  await page.goto(`${server.url}/album/${albums[format]}`);
  await waitForHydration(page);
  await page.getByRole('region', { name: 'Album' }).getByRole('button', { name: 'Play' }).click();
  // The whole sine, less the fade-in's quiet start, has gone through the speakers.
  const whole = SINE_SAMPLES / 44_100 - 0.3;
  await waitForTapSeconds(page, whole);
  // The engine moved on to the second song at the join.
  await page.getByRole('region', { name: 'Player' }).getByText('Part 2').first().waitFor();
  const join = await measureJoin(page);
  expect(problems).toEqual([]);
  await context.close();
  return join;
}

describe('album songs join without a gap, measured on the played signal', () => {
  for (const format of ['mp3', 'm4a', 'flac'] as const) {
    test(`${format}: a sine split across two files plays with at most 5 ms of silence at the join`, async () => {
      const join = await playedJoin(format);
      expect(join.silenceMs).toBeLessThanOrEqual(5);
      expect(join.usedMse).toBe(true);
    });
  }
});

test('without Media Source Extensions the album still plays through, handed over between two elements', async () => {
  const join = await playedJoin('mp3', true);
  expect(join.usedMse).toBe(false);
});
