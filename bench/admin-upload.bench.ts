import { appendFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, waitForHydration } from '../src/testing/browser.ts';
import { makeTempDir } from '../src/testing/server.ts';
import { benchLogin, printFigure, startBenchServer } from './lib/harness.ts';

// Upload figure: one ~50 MB audio file through the web page (the real UploadPanel in
// Chromium, from the file input's change to the item's 'uploaded') against curl posting the
// same file to the same endpoint with the same session cookie. Alternating runs, median of 5.
const RUNS = 5;
const dir = makeTempDir('hearth-upload-bench-');
const file = join(dir, 'Fifty.wav');
// 290 s of 16-bit stereo noise at 44.1 kHz: about 51 MB that no layer can compress.
const made = Bun.spawnSync(['ffmpeg', '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'anoisesrc=d=290:c=pink:a=0.3', '-ar', '44100', '-ac', '2', '-y', file]);
if (made.exitCode !== 0) throw new Error(made.stderr.toString());
const megabytes = statSync(file).size / (1024 * 1024);

const server = await startBenchServer();
const cookie = await benchLogin(server.url);

// Chromium's own ceiling, for reading the ratio: the same file posted by XHR and by curl to a
// bare Bun.serve that only drains the body (no parsing, hashing or disk).
const bare = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    if (request.method === 'POST') for await (const _ of request.body!);
    return new Response(request.method === 'POST' ? '{}' : '<!doctype html><input type=file id=f>', { headers: { 'content-type': 'text/html' } });
  },
});
const bareUrl = `http://127.0.0.1:${bare.port}`;

/** curl's time_total for a multipart post of the file (async: the bare server is in this process). */
async function curlSeconds(url = `${server.url}/api/upload/audio`): Promise<number> {
  const run = Bun.spawn([
    'curl', '-s', '-o', '/dev/null', '-w', '%{http_code} %{time_total}',
    '-H', `Cookie: ${cookie}`, '-H', `Origin: ${server.url}`,
    '-F', 'status=pending', '-F', 'copy=true', '-F', `file=@${file}`, url,
  ]);
  const [status, seconds] = (await new Response(run.stdout).text()).split(' ');
  if (status !== '200') throw new Error(`curl upload answered ${status}`);
  return Number(seconds);
}

const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const [name, value] = cookie.split('=') as [string, string];
await context.addCookies([{ name, value, url: server.url }]);
await context.addInitScript(() => {
  const w = window as unknown as { __start: number; __end: number };
  document.addEventListener('change', (e) => {
    if ((e.target as HTMLElement).dataset?.testid === 'upload-input') w.__start = performance.now();
  }, true);
  new MutationObserver(() => {
    if (!w.__end && document.querySelector('[data-testid="upload-item"][data-status="uploaded"]')) w.__end = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true });
});
const page = await context.newPage();

async function pageSeconds(): Promise<number> {
  await page.goto(`${server.url}/admin`); // a fresh queue each run (the same name would ask 'Already Uploaded')
  await waitForHydration(page);
  // One more byte each run: bytes already in the library would be refused as a duplicate.
  appendFileSync(file, new Uint8Array(1));
  await page.getByTestId('upload-input').setInputFiles(file);
  await page.waitForFunction(() => (window as unknown as { __end: number }).__end > 0, undefined, { timeout: 120_000 });
  const failed = await page.locator('[data-testid="upload-item"][data-status="error"]').count();
  if (failed) throw new Error('the page upload failed');
  return page.evaluate(() => {
    const w = window as unknown as { __start: number; __end: number };
    return (w.__end - w.__start) / 1000;
  });
}

/** A plain XHR of the same file (as the panel sends it) to the bare server, in seconds. */
async function bareXhrSeconds(): Promise<number> {
  const bareContext = await browser.newContext();
  const bp = await bareContext.newPage();
  await bp.goto(bareUrl);
  await bp.locator('#f').setInputFiles(file);
  const ms = await bp.evaluate(() => new Promise<number>((resolve) => {
    const chosen = (document.getElementById('f') as HTMLInputElement).files![0]!;
    const form = new FormData();
    form.set('status', 'pending');
    form.set('file', chosen, chosen.name);
    const xhr = new XMLHttpRequest();
    const t0 = performance.now();
    xhr.onload = () => resolve(performance.now() - t0);
    xhr.open('POST', '/');
    xhr.send(form);
  }));
  await bareContext.close();
  return ms / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  await curlSeconds(); // warm-up: the first store of these bytes; later ones (copies) find them content-addressed
  await pageSeconds();
  const viaCurl: number[] = [];
  const viaPage: number[] = [];
  const bareCurl: number[] = [];
  const bareXhr: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    viaCurl.push(await curlSeconds());
    viaPage.push(await pageSeconds());
    bareCurl.push(await curlSeconds(`${bareUrl}/`));
    bareXhr.push(await bareXhrSeconds());
  }
  const rate = (xs: number[]) => megabytes / median(xs);
  console.log(`file: ${megabytes.toFixed(1)} MB; page median ${median(viaPage).toFixed(2)} s, curl median ${median(viaCurl).toFixed(2)} s`);
  printFigure(`upload through the web page (change to 'uploaded'), median of ${RUNS}`, rate(viaPage), 'MB/s', { name: 'curl, same file and cookie', value: rate(viaCurl) }, '>= 0.8x');
  printFigure("Chromium's ceiling: XHR to a bare Bun.serve that drains the body", rate(bareXhr), 'MB/s', { name: 'curl to the same', value: rate(bareCurl) });
} finally {
  await browser.close();
  await server.stop();
  bare.stop(true);
  rmSync(dir, { recursive: true, force: true });
}
