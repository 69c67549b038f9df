/**
 * The player's added latency from its gain stage, in Chromium on the production server (loopback):
 * click on a library row to the audio's `playing` event for a song that needs a boost (routed
 * through a Web Audio gain node), one that needs a cut (the element's volume only), and the boost
 * songs with normalisation off (the baseline: no gain stage at all); then the AudioContext's
 * base and output latency, which a boosted song adds to what the listener hears. Needs ffmpeg.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { SongDto } from '../src/shared/types.ts';
import type { NormalisationMode } from '../src/shared/enums.ts';
import { loudnessFixture, taggedFlac } from '../src/testing/loudness-fixtures.ts';
import { launchBrowser, waitForHydration } from '../src/testing/browser.ts';
import { makeTempDir } from '../src/testing/server.ts';
import { benchApi, benchLogin, printFigure, startBenchServer } from './lib/harness.ts';
import { tapToPlaying } from './lib/tap-to-playing.ts';

const RUNS = 15;
const SECONDS = 20; // 24-bit stereo FLAC of noise at 48 kHz: about 4–5 MB, like player.bench.ts's songs

const work = makeTempDir('hearth-player-gain-bench-');
const server = await startBenchServer();
const admin = await benchLogin(server.url);

const api = benchApi(server.url, admin);

/**
 * A song at `lufs` whose ReplayGain tags already say so (gain to -18 LUFS, its peak), so the player
 * levels it at once; the background measurement, when it lands, agrees within a few hundredths.
 */
async function upload(title: string, lufs: number): Promise<SongDto> {
  const wav = loudnessFixture(work, lufs, SECONDS);
  const flac = taggedFlac(wav, join(work, `${title}.flac`), { title, REPLAYGAIN_TRACK_GAIN: `${(-18 - lufs).toFixed(2)} dB`, REPLAYGAIN_TRACK_PEAK: lufs < -18 ? '0.05' : '1.0' });
  const form = new FormData();
  form.set('status', 'published');
  form.set('file', new File([readFileSync(flac)], `${title}.flac`));
  return api<SongDto>('/api/upload/audio', { method: 'POST', body: form });
}

const setNormalisation = (normalisation: NormalisationMode) =>
  api('/api/settings', { method: 'PATCH', body: JSON.stringify({ normalisation }), headers: { 'content-type': 'application/json' } });

/** Times each element's `playing`, and keeps every AudioContext the page makes (the boost's). */
const SPY = () => {
  const w = window as unknown as { __clickAt: number; __playingAt: number; __contexts: AudioContext[] };
  w.__playingAt = 0;
  w.__contexts = [];
  const seen = new WeakSet<HTMLMediaElement>();
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!seen.has(this)) {
      seen.add(this);
      this.addEventListener('playing', () => (w.__playingAt = performance.now()));
    }
    return play.call(this);
  };
  const Native = window.AudioContext;
  window.AudioContext = class extends Native {
    constructor(options?: AudioContextOptions) {
      super(options);
      w.__contexts.push(this);
    }
  };
};

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** A fresh page (no gain node made yet) clicking two songs in turn; every click's time, the first included. */
async function clicks(browser: Browser, titles: [string, string], runs = RUNS): Promise<{ times: number[]; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = admin.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  await context.addInitScript(SPY);
  const page = await context.newPage();
  await page.goto(server.url + '/');
  await waitForHydration(page);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const title = titles[i % 2]!;
    await page.waitForFunction((t) => [...document.querySelectorAll('[aria-label="Songs"] button')].some((b) => b.textContent?.startsWith(t)), title);
    times.push(await tapToPlaying(page, title));
  }
  return { times, page };
}

const browser = await launchBrowser();
try {
  await upload('Boost A', -30);
  await upload('Boost B', -29);
  await upload('Cut A', -10);
  await upload('Cut B', -11);

  // Untimed: the server's first reads of each file and Chromium's first page are not the gain stage's.
  await setNormalisation('off');
  for (const pair of [['Boost A', 'Boost B'], ['Cut A', 'Cut B']] as [string, string][]) await (await clicks(browser, pair, 2)).page.context().close();
  const off = await clicks(browser, ['Boost A', 'Boost B']);
  await off.page.context().close();
  const offP50 = p50(off.times);

  await setNormalisation('track');
  const cut = await clicks(browser, ['Cut A', 'Cut B']);
  const contextsAfterCuts = await cut.page.evaluate(() => (window as unknown as { __contexts: AudioContext[] }).__contexts.length);
  await cut.page.context().close();
  const boost = await clicks(browser, ['Boost A', 'Boost B']);
  const latency = await boost.page.evaluate(() => {
    const contexts = (window as unknown as { __contexts: AudioContext[] }).__contexts;
    const context = contexts[0];
    return { count: contexts.length, state: context?.state ?? 'none', base: (context?.baseLatency ?? Number.NaN) * 1000, output: (context?.outputLatency ?? Number.NaN) * 1000, sampleRate: context?.sampleRate ?? 0 };
  });
  await boost.page.context().close();

  const baseline = { name: 'normalisation off', value: offP50 };
  printFigure(`click to playing, song needing a cut (element volume), p50 of ${RUNS}`, p50(cut.times), 'ms', baseline);
  printFigure(`click to playing, song needing a boost (gain node), p50 of ${RUNS}`, p50(boost.times), 'ms', baseline);
  printFigure('click to playing, first boost of the page (AudioContext and gain node made)', boost.times[0]!, 'ms', { name: 'first click, normalisation off', value: off.times[0]! });
  console.log(`AudioContexts made: ${contextsAfterCuts} while playing cuts, ${latency.count} once boosting (state ${latency.state}, ${latency.sampleRate} Hz)`);
  printFigure('AudioContext baseLatency (added to what a boosted song plays)', latency.base, 'ms');
  printFigure('AudioContext outputLatency (headless Chromium; 0 when it has no audio device)', latency.output, 'ms');
} finally {
  await browser.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
