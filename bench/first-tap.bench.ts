import type { Browser, Page } from 'playwright-core';
import type { SongDto } from '../src/shared/types.ts';
import { sineWav } from '../src/e2e/player-fixtures.ts';
import { launchBrowser, waitForHydration } from '../src/testing/browser.ts';
import { benchLogin, printFigure, startBenchServer } from './lib/harness.ts';
import { tapToPlaying } from './lib/tap-to-playing.ts';

// A tap on a library row to the audio's `playing` event, on a warm page (hydrated, the worker
// installed and in control), first tap after the page loaded and the taps after it; the same with
// service workers blocked as the baseline. Songs alternate so every tap loads anew.
const PAGES = Number(process.env.PAGES ?? 8);
const LATER_TAPS = 3;
const MB5_SECONDS = 330; // 8 kHz 16-bit mono WAV: about 5.3 MB

const server = await startBenchServer();
const admin = await benchLogin(server.url);

async function upload(name: string, bytes: Uint8Array<ArrayBuffer>, title: string) {
  const headers = { cookie: admin, origin: server.url };
  const form = new FormData();
  form.set('status', 'published');
  form.set('file', new File([bytes], name));
  const res = await fetch(`${server.url}/api/upload/audio`, { method: 'POST', body: form, headers });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const song = (await res.json()) as SongDto;
  const patch = await fetch(`${server.url}/api/songs/${song.id}`, { method: 'PATCH', body: JSON.stringify({ title }), headers: { ...headers, 'content-type': 'application/json' } });
  if (!patch.ok) throw new Error(`patch: ${patch.status}`);
}

const SPY = () => {
  const w = window as unknown as { __clickAt: number; __playingAt: number };
  w.__playingAt = 0;
  const seen = new WeakSet<HTMLMediaElement>();
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!seen.has(this)) {
      seen.add(this);
      this.addEventListener('playing', () => (w.__playingAt = performance.now()));
    }
    return play.call(this);
  };
};

const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;


/**
 * First taps (one per freshly loaded page) and later taps, in one context. `idle`: the browser
 * stopped the worker before the first tap, as it does after about 30 s without events.
 */
async function measure(browser: Browser, serviceWorkers: 'allow' | 'block', idle = false) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers });
  const [name, value] = admin.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  await context.addInitScript(SPY);
  const page = await context.newPage();
  const first: number[] = [];
  const later: number[] = [];
  let n = 0;
  for (let i = 0; i <= PAGES; i++) {
    await page.goto(server.url + '/');
    await waitForHydration(page);
    if (serviceWorkers === 'allow') await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    // The page settles (its first reads, the worker's precache) before the first tap.
    await page.waitForLoadState('networkidle');
    if (idle) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
    }
    const ms = await tapToPlaying(page, n++ % 2 ? 'Big B' : 'Big A');
    if (i === 0) continue; // the very first load installs the worker: not a warm page
    first.push(ms);
    for (let j = 0; j < LATER_TAPS; j++) later.push(await tapToPlaying(page, n++ % 2 ? 'Big B' : 'Big A'));
  }
  await context.close();
  return { first, later };
}

const browser = await launchBrowser();
try {
  await upload('big-a.wav', sineWav(MB5_SECONDS, 330), 'Big A');
  await upload('big-b.wav', sineWav(MB5_SECONDS, 440), 'Big B');
  const blocked = await measure(browser, 'block');
  const allowed = await measure(browser, 'allow');
  const idle = await measure(browser, 'allow', true);
  for (const [label, key] of [['first tap', 'first'], ['later taps', 'later']] as const) {
    for (const [q, qn] of [[0.5, 'p50'], [0.95, 'p95']] as const) {
      const n = allowed[key].length;
      printFigure(`${label} to playing, worker in control, ${qn} of ${n}`, at(allowed[key], q), 'ms', { name: 'worker blocked', value: at(blocked[key], q) }, q === 0.5 ? '< 150 ms' : undefined);
    }
  }
  for (const [q, qn] of [[0.5, 'p50'], [0.95, 'p95']] as const) {
    printFigure(`first tap to playing, worker in control but stopped (idle page), ${qn} of ${idle.first.length}`, at(idle.first, q), 'ms', { name: 'worker blocked', value: at(blocked.first, q) });
  }
} finally {
  await browser.close();
  await server.stop();
}
