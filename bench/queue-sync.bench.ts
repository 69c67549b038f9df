import type { Page } from 'playwright-core';
import type { PlayQueueDto, SongDto } from '../src/shared/types.ts';
import { sineWav } from '../src/e2e/player-fixtures.ts';
import { launchBrowser, waitForHydration } from '../src/testing/browser.ts';
import { benchLogin, printFigure, startBenchServer } from './lib/harness.ts';

// Queue sync between two devices on the production server (loopback). Device B learns of A's
// queue when it starts or its page is shown again (no push, no polling), so the hand-over figure
// is A's PUT to B's GET seeing it, beside a bare GET; then, in Chromium, A's pause click to its save answered.
const RUNS = 200;
const PAGE_RUNS = 10;

const server = await startBenchServer();
const admin = await benchLogin(server.url);
const headers = { cookie: admin, origin: server.url, 'content-type': 'application/json' };

async function upload(title: string, frequency: number): Promise<SongDto> {
  const form = new FormData();
  form.set('status', 'published');
  form.set('file', new File([sineWav(60, frequency)], `${title}.wav`));
  const res = await fetch(`${server.url}/api/upload/audio`, { method: 'POST', body: form, headers: { cookie: admin, origin: server.url } });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const song = (await res.json()) as SongDto;
  await fetch(`${server.url}/api/songs/${song.id}`, { method: 'PATCH', body: JSON.stringify({ title }), headers });
  return song;
}

const pct = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
const getQueue = async () => (await (await fetch(`${server.url}/api/play-queue`, { headers })).json()) as PlayQueueDto;

const browser = await launchBrowser();
try {
  const songs = [await upload('Bench One', 440), await upload('Bench Two', 550)];
  const ids = [...songs.map((s) => s.id), ...Array.from({ length: 198 }, (_, i) => songs[i % 2]!.id)];

  const handovers: number[] = [];
  const gets: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    await getQueue();
    gets.push(performance.now() - t0);
    const body = { songIds: ids, index: run % 2, positionMs: run * 1000, context: 'album', updatedAt: Date.now(), device: 'A' };
    const t1 = performance.now();
    const put = await fetch(`${server.url}/api/play-queue`, { method: 'PUT', body: JSON.stringify(body), headers });
    if (put.status !== 204) throw new Error(`PUT: ${put.status}`);
    const seen = await getQueue();
    handovers.push(performance.now() - t1);
    if (seen.positionMs !== body.positionMs) throw new Error('B did not see A’s queue');
  }
  const bare = { name: `GET /api/play-queue alone p50`, value: pct(gets, 0.5) };
  printFigure(`A's PUT to B's GET seeing it (200-song queue), p50 of ${RUNS}`, pct(handovers, 0.5), 'ms', bare, '< 50 ms');
  printFigure(`A's PUT to B's GET seeing it, p99 of ${RUNS}`, pct(handovers, 0.99), 'ms', { name: 'GET alone p99', value: pct(gets, 0.99) });

  const context = await browser.newContext({ serviceWorkers: 'block' });
  const [name, value] = admin.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  const page: Page = await context.newPage();
  await page.goto(`${server.url}/`);
  await waitForHydration(page);
  const saves: number[] = [];
  const bar = page.getByRole('region', { name: 'Player' });
  for (let run = 0; run < PAGE_RUNS; run++) {
    await page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: /^Bench One/ }).click();
    await bar.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    // Past 1 s, so the pause's save (position over 1 s) is told apart from the track change's (0 s).
    await page.waitForFunction(() => Number.parseFloat(document.querySelector<HTMLElement>('[data-testid="player-progress"]')?.style.width ?? '0') > 2);
    const saved = page.waitForResponse((r) => {
      const body = r.request().postData();
      return r.url().endsWith('/api/play-queue') && r.request().method() === 'PUT' && body !== null && (JSON.parse(body) as { positionMs: number }).positionMs >= 1000;
    });
    const t0 = performance.now();
    await bar.getByRole('button', { name: 'Pause', exact: true }).click();
    if ((await saved).status() !== 204) throw new Error('the pause save was refused');
    saves.push(performance.now() - t0);
    await bar.getByRole('button', { name: 'Play', exact: true }).waitFor();
  }
  printFigure(`page: pause click to the queue saved (the 500 ms pause fade included), p50 of ${PAGE_RUNS}`, pct(saves, 0.5), 'ms', undefined, '< 800 ms');
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
