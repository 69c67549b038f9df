import { readFileSync } from 'node:fs';
import type { AlbumDto, SongDto } from '../src/shared/types.ts';
import { launchBrowser, waitForHydration } from '../src/testing/browser.ts';
import { type GaplessFormat, SINE_SAMPLES, splitSineFiles } from '../src/testing/gapless-fixtures.ts';
import { installGaplessTap, measureJoin, waitForTapSeconds } from '../src/testing/gapless-tap.ts';
import { benchApi, benchLogin, printFigure, startBenchServer } from './lib/harness.ts';

// The join's silence per format in Chromium on the production server, measured on the played
// signal (an AudioWorklet tap): a 440 Hz sine split across two files, played as an album through
// Media Source Extensions, beside the two-element hand-over (MSE removed from the page). Median of RUNS.
const RUNS = Number(process.env.RUNS ?? 3);

const server = await startBenchServer();
const admin = await benchLogin(server.url);

const api = benchApi(server.url, admin);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const browser = await launchBrowser();
try {
  // The background loudness job would boost these quiet sines through a gain node, which takes the
  // element the tap routes: normalisation off (it plays no part in the join).
  await api('/api/settings', { method: 'PATCH', body: JSON.stringify({ normalisation: 'off' }), headers: { 'content-type': 'application/json' } });
  const albums = {} as Record<GaplessFormat, number>;
  for (const [format, paths] of Object.entries(splitSineFiles()) as [GaplessFormat, [string, string]][]) {
    const album = await api<AlbumDto>('/api/albums', { method: 'POST', body: JSON.stringify({ name: `Sine ${format}` }), headers: { 'content-type': 'application/json' } });
    albums[format] = album.id;
    for (const [i, path] of paths.entries()) {
      const form = new FormData();
      form.set('status', 'published');
      form.set('file', new File([readFileSync(path)], `part-${i + 1}.${format}`));
      const song = await api<SongDto>('/api/upload/audio', { method: 'POST', body: form });
      await api(`/api/songs/${song.id}`, { method: 'PATCH', body: JSON.stringify({ title: `Part ${i + 1}`, albumId: album.id }), headers: { 'content-type': 'application/json' } });
    }
  }
  const [name, value] = admin.split('=') as [string, string];

  async function silence(format: GaplessFormat, withoutMse: boolean): Promise<number> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true, serviceWorkers: 'block' });
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    await installGaplessTap(page, { withoutMse });
    await page.goto(`${server.url}/album/${albums[format]}`);
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Album' }).getByRole('button', { name: 'Play' }).click();
    await waitForTapSeconds(page, SINE_SAMPLES / 44_100 - 0.3);
    const join = await measureJoin(page);
    await context.close();
    if (join.usedMse === withoutMse) throw new Error(`${format}: expected ${withoutMse ? 'the hand-over' : 'MSE'}`);
    return join.silenceMs;
  }

  for (const format of ['mp3', 'm4a', 'flac'] as const) {
    const mse: number[] = [];
    const handOver: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      mse.push(await silence(format, false));
      handOver.push(await silence(format, true));
    }
    printFigure(`${format} join's longest silence, MSE, median of ${RUNS}`, median(mse), 'ms', { name: 'two-element hand-over', value: median(handOver) }, '<= 5 ms');
    // The ratio above rounds to 0.00x: the other way round it reads.
    console.log(`  ${format}: the hand-over's silence is ${(median(handOver) / median(mse)).toFixed(0)}x the MSE join's`);
  }
} finally {
  await browser.close();
  await server.stop();
}
