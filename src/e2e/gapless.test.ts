import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { AlbumDto } from '../shared/types.ts';
import { openPage, releaseBrowser, sharedBrowser, waitForHydration } from '../testing/browser.ts';
import { type GaplessFormat, SINE_SAMPLES, splitSineFiles } from '../testing/gapless-fixtures.ts';
import { installGaplessTap, measureJoin, waitForTapSeconds } from '../testing/gapless-tap.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { uploadBytes } from './seed.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let admin: string;
const albums = {} as Record<GaplessFormat, number>;
let longAlbum: number;

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
  // Two longer songs to seek in and skip between.
  const long = await (await server.request('/api/albums', { method: 'POST', json: { name: 'Long sines' }, cookie: admin })).json() as AlbumDto;
  longAlbum = long.id;
  for (const [i, hz] of [330, 550].entries()) {
    const path = join(dirname(files.mp3[0]), `long-${i}.mp3`);
    const run = Bun.spawnSync(['ffmpeg', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${hz}:sample_rate=44100:duration=12`, '-c:a', 'libmp3lame', path]);
    expect(run.exitCode).toBe(0);
    await uploadBytes(server, admin, `long-${i}.mp3`, new Uint8Array(readFileSync(path)), { title: `Long ${i + 1}`, albumId: long.id });
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
      // The whole measure on failure: where the silence was, and whether MSE played.
      expect(join.silenceMs <= 5 && join.usedMse ? 'joined' : join).toBe('joined');
    });
  }
});

test("the next song's bytes are asked for as the first song's are, not after them", async () => {
  const { context, page, problems } = await openPage(browser, { bypassCSP: true });
  await context.addCookies([{ name: admin.split('=')[0]!, value: admin.split('=').slice(1).join('='), url: server.url }]);
  await installGaplessTap(page);
  // The first song's bytes are held until the second song is asked for; 10 s at most, then the test fails.
  const asked: string[] = [];
  let secondAsked = () => {};
  const second = new Promise<void>((resolve) => (secondAsked = resolve));
  let askedWhileFirstHeld = false;
  await page.route('**/fragments', async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    if (asked.length === 1) {
      const held = await Promise.race([second.then(() => true), Bun.sleep(10_000).then(() => false)]);
      askedWhileFirstHeld = held;
    } else secondAsked();
    await route.continue();
  });
  await page.goto(`${server.url}/album/${albums.flac}`);
  await waitForHydration(page);
  await page.getByRole('region', { name: 'Album' }).getByRole('button', { name: 'Play' }).click();
  await waitForTapSeconds(page, 1);
  expect(askedWhileFirstHeld).toBe(true);
  expect(new Set(asked).size).toBe(2);
  expect(problems).toEqual([]);
  await context.close();
});

test('without Media Source Extensions the album still plays through, handed over between two elements', async () => {
  const join = await playedJoin('mp3', true);
  expect(join.usedMse).toBe(false);
});

test("in a gapless album, seeking moves within the song and a listener's next fades out, then plays the next song from its start", async () => {
  const { context, page, problems } = await openPage(browser, { bypassCSP: true });
  await context.addCookies([{ name: admin.split('=')[0]!, value: admin.split('=').slice(1).join('='), url: server.url }]);
  await installGaplessTap(page);
  await page.goto(`${server.url}/album/${longAlbum}`);
  await waitForHydration(page);
  await page.getByRole('region', { name: 'Album' }).getByRole('button', { name: 'Play' }).click();
  const bar = page.getByRole('region', { name: 'Player' });
  await bar.getByTestId('player-title').getByText('Long 1').waitFor();
  type Tapped = { __tap: { el: HTMLMediaElement; usedMse: boolean } };
  await page.waitForFunction(() => (window as unknown as Tapped).__tap?.el?.currentTime > 0.5);
  expect(await page.evaluate(() => (window as unknown as Tapped).__tap.usedMse)).toBe(true);

  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => (window as unknown as Tapped).__tap.el.currentTime > 5.5);
  expect(await page.evaluate(() => (window as unknown as Tapped).__tap.el.currentTime)).toBeLessThan(8);

  // Every volume the element is given from the key press on (a sample per frame missed the fade
  // when frames were late under load): it falls to silence before the next song.
  await page.evaluate(() => {
    const w = window as unknown as Tapped & { __volumes: number[]; __playedBefore: string };
    w.__volumes = [];
    w.__playedBefore = w.__tap.el.src;
    const volume = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'volume')!;
    Object.defineProperty(w.__tap.el, 'volume', {
      configurable: true,
      get(this: HTMLMediaElement) {
        return volume.get!.call(this);
      },
      set(this: HTMLMediaElement, value: number) {
        w.__volumes.push(Math.round(value * 100) / 100);
        volume.set!.call(this, value);
      },
    });
  });
  await page.keyboard.press('n');
  await bar.getByTestId('player-title').getByText('Long 2').waitFor();
  // 'Long 2' playing at full volume: the title shows as the fade-out begins, while the element
  // still plays 'Long 1' at full volume, so the source played tells them apart.
  await page.waitForFunction(() => {
    const w = window as unknown as Tapped & { __playedBefore: string };
    const el = w.__tap.el;
    return el.src !== w.__playedBefore && !el.paused && el.currentTime > 0.2 && el.volume === 1;
  });
  const after = await page.evaluate(() => ({ volumes: (window as unknown as { __volumes: number[] }).__volumes, time: (window as unknown as Tapped).__tap.el.currentTime }));
  // The fade-out: the volumes fall in steps to near silence before they first rise (the fade-in).
  const rise = after.volumes.findIndex((volume, i) => i > 0 && volume > after.volumes[i - 1]!);
  const falling = after.volumes.slice(0, rise === -1 ? undefined : rise);
  const heard = `the element's volumes from the key press on: ${after.volumes.join(' ')}`;
  expect(Math.min(...falling), heard).toBeLessThan(0.2);
  expect(falling.length, heard).toBeGreaterThan(2);
  expect(after.time).toBeLessThan(3);
  expect(problems).toEqual([]);
  await context.close();
});
