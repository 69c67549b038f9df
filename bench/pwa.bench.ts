import type { BrowserContext, Page } from 'playwright-core';
import { API_CACHE } from '../src/shared/pwa.ts';
import { launchBrowser } from '../src/testing/browser.ts';
import { benchLogin, printFigure, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';

// Installable-app figures, in Chromium against the production server with the benchmark catalogue
// (50,000 songs): the library started offline (navigation with the network off, served by the
// worker's offline app document and its kept reads) to first rows, against the same navigation
// online in the same run (budget: within 1.2x); and the bytes the worker precaches as they
// travel (gzipped where the server gzips), manifest screenshots excluded (budget: under 1 MiB).
const RUNS = 5;

const server = await startBenchServer({ seed: (db) => seedCatalogue(db) });
const browser = await launchBrowser();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds since the navigation started until the library's first row is in the page. */
async function libraryFirstRows(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => document.querySelector('ul[aria-label="Songs"] li') && performance.now(), null, { polling: 'raf' });
  return (await handle.jsonValue()) as number;
}

/** One online visit: the worker installed, in control, the library's reads kept. */
async function firstVisit(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  for (const path of ['/api/user', '/api/songs']) {
    await page.waitForFunction(async ([cache, url]) => (await (await caches.open(cache!)).match(url!)) !== undefined, [API_CACHE, path] as const, { timeout: 60_000 });
  }
  return page;
}

/** The URLs in the worker's precache (revision parameters dropped). */
function precachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of (await caches.keys()).filter((n) => n.includes('precache'))) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        url.searchParams.delete('__WB_REVISION__');
        urls.push(url.pathname + url.search);
      }
    }
    return urls;
  });
}

/** Bytes on the wire for each URL, asked as a browser asks (gzip accepted), not decompressed. */
async function transferred(urls: string[]): Promise<{ wire: number; raw: number }> {
  let wire = 0;
  let raw = 0;
  for (const url of urls) {
    const response = await fetch(server.url + url, { headers: { 'accept-encoding': 'gzip' }, decompress: false });
    const body = new Uint8Array(await response.arrayBuffer());
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    wire += body.byteLength;
    raw += response.headers.get('content-encoding') === 'gzip' ? Bun.gunzipSync(body).byteLength : body.byteLength;
  }
  return { wire, raw };
}

try {
  const cookie = await benchLogin(server.url);
  const [name, value] = cookie.split('=') as [string, string];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name, value, url: server.url }]);
  const page = await firstVisit(context);

  const online: number[] = [];
  const offline: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    online.push(await libraryFirstRows(page, `${server.url}/`));
    await context.setOffline(true);
    offline.push(await libraryFirstRows(page, `${server.url}/`));
    await context.setOffline(false);
  }
  printFigure(`Library started offline, navigation to first rows, 50,000 songs (median of ${RUNS})`, median(offline), 'ms', { name: 'online', value: median(online) }, '<= 1.2x');
  // What the worker costs an online visit: the same navigation in a context without workers.
  const bare = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await bare.addCookies([{ name, value, url: server.url }]);
  const barePage = await bare.newPage();
  const withoutWorker: number[] = [];
  for (let run = 0; run < RUNS; run++) withoutWorker.push(await libraryFirstRows(barePage, `${server.url}/`));
  await bare.close();
  printFigure(`Library online with the worker, navigation to first rows (median of ${RUNS})`, median(online), 'ms', { name: 'no worker', value: median(withoutWorker) });

  const urls = await precachedUrls(page);
  if (urls.some((url) => /screenshot/i.test(url))) throw new Error('manifest screenshots are precached');
  const bytes = await transferred(urls);
  printFigure(`Precached by the worker, transferred (${urls.length} files, gzipped where served so)`, bytes.wire / 1024, 'KiB', { name: 'uncompressed', value: bytes.raw / 1024 }, '< 1024 KiB');
  const worker = await fetch(`${server.url}/service-worker.js`, { headers: { 'accept-encoding': 'gzip' }, decompress: false });
  printFigure('The worker script itself, transferred', (await worker.arrayBuffer()).byteLength / 1024, 'KiB');
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
