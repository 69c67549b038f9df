import type { Page } from 'playwright-core';
import { launchBrowser } from '../src/testing/browser.ts';
import { type BenchServer, benchLogin, printFigure, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';

// Figures for the library and search, in Chromium against the production server:
// from navigation to the library's first rows (the song list read included, nothing cached),
// and from the last keystroke to a new term's first results (the 300 ms debounce included),
// with 50,000 songs beside the same with 100 in the same run. Budget: under 1 s each, and at
// most 3x the 100-song figure.
const RUNS = 5;
// Fresh terms per run, so no answer comes from the query cache; each matches songs at any size.
const TERMS = ['moon', 'river', 'golden', 'summer', 'dream'];

const servers: Record<string, BenchServer> = {};
for (const songs of [100, 50_000]) {
  servers[songs] = await startBenchServer({ seed: (db) => seedCatalogue(db, { songs, albums: 10, playlists: 1 }) });
}
const browser = await launchBrowser();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds since the navigation started until the library's first row is in the page. */
async function libraryFirstRows(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => document.querySelector('ul[aria-label="Songs"] li') && performance.now(), null, { polling: 'raf' });
  return (await handle.jsonValue()) as number;
}

/** Milliseconds from typing `term` (one input event, as the last keystroke) to its first result row. */
function searchFirstRows(page: Page, term: string): Promise<number> {
  return page.evaluate(
    (term) =>
      new Promise<number>((resolve) => {
        const box = document.querySelector('input[type="search"]') as HTMLInputElement;
        const t0 = performance.now();
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, term);
        box.dispatchEvent(new Event('input', { bubbles: true }));
        const check = () => {
          const heading = document.getElementById('music-heading');
          const fresh = heading?.closest('section')?.getAttribute('aria-busy') !== 'true';
          const rows = document.querySelector('ul[aria-label="Results"] li');
          if (rows && fresh && new URLSearchParams(location.search).get('q') === term) resolve(performance.now() - t0);
          else requestAnimationFrame(check);
        };
        check();
      }),
    term,
  );
}

async function measure(server: BenchServer): Promise<{ library: number; search: number }> {
  const cookie = await benchLogin(server.url);
  const [name, value] = cookie.split('=') as [string, string];
  const library: number[] = [];
  const search: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    library.push(await libraryFirstRows(page, `${server.url}/`));
    await page.goto(`${server.url}/search`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    search.push(await searchFirstRows(page, TERMS[run]!));
    await context.close();
  }
  return { library: median(library), search: median(search) };
}

try {
  const small = await measure(servers[100]!);
  const large = await measure(servers[50_000]!);
  printFigure('Library, navigation to first rows, 50,000 songs (median of 5)', large.library, 'ms', { name: '100 songs', value: small.library }, '< 1000 ms and <= 3x');
  printFigure('Search, last keystroke to first results, 50,000 songs (median of 5)', large.search, 'ms', { name: '100 songs', value: small.search }, '< 1000 ms and <= 3x');
} finally {
  await browser.close();
  for (const server of Object.values(servers)) await server.stop();
}
