import type { Page } from 'playwright-core';
import type { AlbumDto, SongDto } from '../src/shared/types.ts';
import { sineWav } from '../src/e2e/player-fixtures.ts';
import { launchBrowser, waitForHydration } from '../src/testing/browser.ts';
import { benchApi, benchLogin, printFigure, startBenchServer } from './lib/harness.ts';
import { tapToPlaying } from './lib/tap-to-playing.ts';

// Player figures in Chromium on the production server (loopback): click on a library
// row to the audio's `playing` event for a 5 MB song (two songs alternate so every click loads
// anew), and the gap from one album track's `ended` to the next one's `playing` with prefetch on.
const RUNS = 20;
const MB5_SECONDS = 330; // 8 kHz 16-bit mono WAV: 16 kB/s, so about 5.3 MB

const server = await startBenchServer();
const admin = await benchLogin(server.url);

const api = benchApi(server.url, admin);
async function upload(name: string, bytes: Uint8Array<ArrayBuffer>, changes: { title: string; albumId?: number }) {
  const form = new FormData();
  form.set('status', 'published');
  form.set('file', new File([bytes], name));
  const song = await api<SongDto>('/api/upload/audio', { method: 'POST', body: form });
  await api(`/api/songs/${song.id}`, { method: 'PATCH', body: JSON.stringify(changes), headers: { 'content-type': 'application/json' } });
  return song;
}

const SPY = () => {
  const w = window as unknown as { __clickAt: number; __playingAt: number; __gaps: number[]; __endedAt: number };
  w.__playingAt = 0;
  w.__gaps = [];
  w.__endedAt = 0;
  const seen = new WeakSet<HTMLMediaElement>();
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!seen.has(this)) {
      seen.add(this);
      this.addEventListener('playing', () => {
        w.__playingAt = performance.now();
        if (w.__endedAt) w.__gaps.push(w.__playingAt - w.__endedAt);
        w.__endedAt = 0;
      });
      this.addEventListener('ended', () => (w.__endedAt = performance.now()));
    }
    return play.call(this);
  };
};

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const browser = await launchBrowser();
try {
  await upload('big-a.wav', sineWav(MB5_SECONDS, 330), { title: 'Big A' });
  await upload('big-b.wav', sineWav(MB5_SECONDS, 440), { title: 'Big B' });
  const album = await api<AlbumDto>('/api/albums', { method: 'POST', body: JSON.stringify({ name: 'Gapless' }), headers: { 'content-type': 'application/json' } });
  for (const i of [1, 2, 3]) await upload(`gap${i}.wav`, sineWav(2, 300 + i * 50), { title: `Gap ${i}`, albumId: album.id });

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = admin.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  await context.addInitScript(SPY);
  const page: Page = await context.newPage();
  await page.goto(server.url + '/');
  await waitForHydration(page);

  const clicks: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const title = i % 2 ? 'Big B' : 'Big A';
    clicks.push(await tapToPlaying(page, title));
  }
  printFigure(`click to playing, 5 MB song, p50 of ${RUNS}`, p50(clicks), 'ms', undefined, '< 150 ms');

  const gaps: number[] = [];
  await page.goto(`${server.url}/album/${album.id}`);
  await waitForHydration(page);
  for (let run = 0; gaps.length < RUNS && run < RUNS; run++) {
    await page.evaluate(() => ((window as unknown as { __gaps: number[] }).__gaps = []));
    await page.getByRole('region', { name: 'Album' }).getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction(() => (window as unknown as { __gaps: number[] }).__gaps.length >= 2, undefined, { timeout: 30_000 });
    gaps.push(...(await page.evaluate(() => (window as unknown as { __gaps: number[] }).__gaps.slice(0, 2))));
  }
  printFigure(`album track gap (ended to next playing, prefetch on), p50 of ${gaps.length}`, p50(gaps), 'ms', undefined, '< 50 ms');
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
