import { gzipSync } from 'bun';
import { insertAlbum, insertSong } from '../src/testing/factories.ts';
import { measureRequests, printFigure, startBenchServer } from './lib/harness.ts';

// Share page figures (design §8): TTFB p50, requests per second against bare Bun.serve of the
// same HTML from memory, and the gzipped JavaScript a share-page visitor downloads.
const REQUESTS = 2000;
const CONCURRENCY = 8;
const TTFB_SAMPLES = 300;

let shareId = '';
const server = await startBenchServer({
  seed: (db) => {
    const album = insertAlbum(db, { name: 'Summer Holidays' });
    shareId = insertSong(db, { title: 'Campfire Song', artist: 'Grandpa', albumId: album.id }).shareId;
  },
});

async function ttfbP50(url: string): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < TTFB_SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(url);
    const reader = response.body!.getReader();
    await reader.read();
    samples.push(performance.now() - started);
    while (!(await reader.read()).done);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

const load = (url: string) =>
  measureRequests({ requests: REQUESTS, concurrency: CONCURRENCY, run: async () => void (await (await fetch(url)).arrayBuffer()) });

/** Every JS file the page loads: the bootstrap, the islands its Flight payload names, their static imports. */
async function shippedJs(html: string, base: string): Promise<{ files: number; gzipBytes: number }> {
  const pending = [...new Set(html.match(/\/assets\/[\w/.-]+\.js/g) ?? [])];
  const seen = new Set<string>();
  let gzipBytes = 0;
  while (pending.length > 0) {
    const path = pending.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const code = await (await fetch(base + path)).text();
    gzipBytes += gzipSync(new TextEncoder().encode(code)).length;
    for (const match of code.matchAll(/(?:from|import)\s*["']([^"']+\.js)["']/g)) {
      pending.push(new URL(match[1]!, base + path).pathname);
    }
  }
  return { files: seen.size, gzipBytes };
}

try {
  const pageUrl = `${server.url}/share/${shareId}`;
  const html = await (await fetch(pageUrl)).text();
  if (!html.includes('Campfire Song')) throw new Error('share page did not render');
  const bare = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () => new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
  });
  const bareUrl = `http://127.0.0.1:${bare.port}/`;
  try {
    await load(pageUrl); // warm-up
    const pageTtfb = await ttfbP50(pageUrl);
    const bareTtfb = await ttfbP50(bareUrl);
    printFigure('share page TTFB p50', pageTtfb, 'ms', { name: 'bare Bun.serve', value: bareTtfb }, '< 10 ms');
    const page = await load(pageUrl);
    const baseline = await load(bareUrl);
    printFigure(`share page throughput (${CONCURRENCY} clients)`, page.rps, 'req/s', { name: 'bare Bun.serve', value: baseline.rps }, '>= 0.5x');
    const js = await shippedJs(html, server.url);
    printFigure(`share page JavaScript, gzipped (${js.files} files)`, js.gzipBytes / 1024, 'KiB', undefined, '<= 100 KiB');
  } finally {
    bare.stop(true);
  }
} finally {
  await server.stop();
}
