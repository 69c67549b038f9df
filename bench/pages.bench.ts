import { createUser } from '../src/services/accounts/users.ts';
import { insertAlbum, insertPlaylist, insertSong } from '../src/testing/factories.ts';
import { type FirstLoad, largest, shippedCss, shippedJs } from './lib/first-load.ts';
import { markWithoutAudio } from './lib/seed.ts';
import { benchLogin, cpuMsOf, measureRequests, printFigure, spawnBareServer, startBenchServer } from './lib/harness.ts';

// Page figures (docs/architecture.md) on the production server (the harness runs NODE_ENV=production):
// share page TTFB p50 and requests per second against a bare Bun.serve of the same HTML from
// memory in its own process (as Hearth is: sharing the load generator's process flattered the
// ratio), then what a browser downloads on first load, gzipped: JS per page and the stylesheet.
const REQUESTS = 2000;
const CONCURRENCY = 8;
const TTFB_SAMPLES = 300;
const LISTENER = { username: 'benchlistener', password: 'listener-password' };

const ids = { song: '', album: '', playlist: '' };

/** A bare Bun.serve answering every request with `html`, in its own process. */
function bareServer(html: string) {
  const script = `const html = await Bun.stdin.text(); const s = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }) }); console.log(s.port);`;
  return spawnBareServer(script, new Blob([html]));
}
const server = await startBenchServer({
  seed: async (db) => {
    const user = await createUser(db, { ...LISTENER, isAdmin: false });
    const album = insertAlbum(db, { name: 'Summer Holidays' });
    const songs = ['Campfire Song', 'Lake at Dawn', 'Long Drive Home'].map((title, albumOrder) =>
      insertSong(db, { title, artist: 'Grandpa', albumId: album.id, albumOrder }),
    );
    ids.song = songs[0]!.shareId;
    ids.album = album.shareId;
    ids.playlist = insertPlaylist(db, { name: 'Road Trip', userId: user.id }, songs.map((song) => song.id)).shareId;
    markWithoutAudio(db);
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

/** The page's HTML, checked to be the page meant (not a redirect, a 404 or the landing page). */
async function pageHtml(path: string, mustInclude: string, cookie?: string): Promise<string> {
  const response = await fetch(server.url + path, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200 || !html.includes(mustInclude)) throw new Error(`${path} did not render (${response.status})`);
  return html;
}

const kib = (figure: FirstLoad) => figure.gzipBytes / 1024;

try {
  const pageUrl = `${server.url}/share/${ids.song}`;
  const html = await pageHtml(`/share/${ids.song}`, 'Campfire Song');
  const bare = await bareServer(html);
  const bareUrl = bare.url;
  try {
    await load(pageUrl); // warm-up
    await load(bareUrl);
    const pageTtfb = await ttfbP50(pageUrl);
    const bareTtfb = await ttfbP50(bareUrl);
    printFigure('share page TTFB p50', pageTtfb, 'ms', { name: 'bare Bun.serve, own process', value: bareTtfb }, '< 10 ms');
    // Rounds alternate so other work on the machine hits both sides alike; median of three.
    // The server's CPU time per request (from /proc) is steadier than throughput on a busy machine.
    const round = async (pid: number, url: string) => {
      const before = cpuMsOf(pid);
      const { rps } = await load(url);
      return { rps, cpuUs: ((cpuMsOf(pid) - before) * 1000) / REQUESTS };
    };
    const rounds: { page: { rps: number; cpuUs: number }; base: { rps: number; cpuUs: number } }[] = [];
    for (let i = 0; i < 3; i++) rounds.push({ page: await round(server.pid, pageUrl), base: await round(bare.pid, bareUrl) });
    const median = (pick: (r: (typeof rounds)[number]) => number) => rounds.map(pick).sort((a, b) => a - b)[1]!;
    printFigure(`share page throughput (${CONCURRENCY} clients, median of 3 rounds)`, median((r) => r.page.rps), 'req/s', { name: 'bare Bun.serve, own process', value: median((r) => r.base.rps) }, '>= 0.8x');
    printFigure('share page: server CPU per request', median((r) => r.page.cpuUs), 'µs', { name: 'bare Bun.serve, own process', value: median((r) => r.base.cpuUs) });
  } finally {
    await bare.stop();
  }

  const cookie = await benchLogin(server.url, LISTENER);
  const firstLoads = [
    { name: 'song share page', html, budget: '<= 100 KiB' },
    { name: 'album share page', html: await pageHtml(`/share/album/${ids.album}`, 'Summer Holidays'), budget: '<= 100 KiB' },
    { name: 'playlist share page', html: await pageHtml(`/share/playlist/${ids.playlist}`, 'Road Trip'), budget: '<= 100 KiB' },
    { name: 'Share Audio page /share', html: await pageHtml('/share', 'Share Audio'), budget: '<= 130 KiB' },
    { name: 'signed-in route / (non-admin)', html: await pageHtml('/', LISTENER.username, cookie), budget: '<= 180 KiB', detail: true },
  ];
  for (const page of firstLoads) {
    const js = await shippedJs(page.html, server.url);
    printFigure(`${page.name} first-load JavaScript, gzipped (${js.files.length} files)`, kib(js), 'KiB', undefined, page.budget);
    if ('detail' in page) console.log(`  largest: ${largest(js, 5)}`);
  }
  const css = await shippedCss(html, server.url);
  if (css.files.length !== 1) console.log(`  expected one stylesheet, the page links ${css.files.length}`);
  printFigure(`stylesheet, gzipped (${css.files.length} file)`, kib(css), 'KiB', undefined, '<= 25 KiB');
} finally {
  await server.stop();
}
