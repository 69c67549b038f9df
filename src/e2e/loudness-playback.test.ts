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

/** Records the element that plays and the gain node an element is routed through, for the tap. */
const TAP = () => {
  const w = window as unknown as { playingEl?: HTMLMediaElement };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    w.playingEl = this;
    return play.call(this);
  };
  const source = AudioContext.prototype.createMediaElementSource;
  AudioContext.prototype.createMediaElementSource = function (this: AudioContext, el: HTMLMediaElement) {
    const node = source.call(this, el);
    const connect = node.connect.bind(node) as (n: AudioNode) => AudioNode;
    (node as unknown as { connect: unknown }).connect = (n: AudioNode) => ((el as unknown as { gainNode: AudioNode }).gainNode = n, connect(n));
    return node;
  };
};

/**
 * The level the listener hears, in dBFS RMS and sample peak: the element's own signal tapped
 * through captureStream (before its volume) times its volume, or a boosted element's gain node output.
 */
async function heardLevel(page: import('playwright-core').Page): Promise<{ rms: number; peak: number }> {
  return page.evaluate(async () => {
    const w = window as unknown as { playingEl?: HTMLMediaElement & { captureStream(): MediaStream; gainNode?: GainNode } };
    while (!w.playingEl) await new Promise((r) => setTimeout(r, 50));
    const el = w.playingEl;
    while (el.paused || el.currentTime < 1 || el.volume === 0) await new Promise((r) => setTimeout(r, 50));
    // Wait out the fade-in, then read the settled volume.
    await new Promise((r) => setTimeout(r, 700));
    // A boosted element plays through its gain node (at volume 1): tap the node's output, which
    // holds the boost. Otherwise the element's own stream, scaled by its volume below.
    const boosted = el.gainNode !== undefined && el.gainNode.gain.value > 1;
    const context = boosted ? (el.gainNode!.context as AudioContext) : new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 32768;
    if (boosted) el.gainNode!.connect(analyser);
    else context.createMediaStreamSource(el.captureStream()).connect(analyser);
    const data = new Float32Array(analyser.fftSize);
    let sum = 0;
    let n = 0;
    let peak = 0;
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 400));
      analyser.getFloatTimeDomainData(data);
      for (const x of data) {
        sum += x * x;
        peak = Math.max(peak, Math.abs(x));
      }
      n += data.length;
    }
    const scale = boosted ? el.volume : el.volume * (el.gainNode?.gain.value ?? 1);
    if (boosted) el.gainNode!.disconnect(analyser);
    else await context.close();
    const db = (x: number) => 20 * Math.log10(x);
    return { rms: db(Math.sqrt(sum / n)) + db(scale), peak: db(peak) + db(scale) };
  });
}

test('a share page plays pink noise at -14, -23 and -30 LUFS at the reference level (±1 LU), never above -1 dBFS', async () => {
  const reference = rmsDb(loudnessFixture(work, -18, 8));
  expect((await server.request('/api/settings', { method: 'PATCH', json: { normalisation: 'track' }, cookie: admin })).status).toBe(200);
  const album = ((await (await server.request('/api/albums', { cookie: admin })).json()) as AlbumDto[]).find((a) => a.name === 'Levels')!;
  const { page, context } = await openPage(browser);
  await page.addInitScript(TAP);
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
