import { launchBrowser, waitForHydration } from '../src/testing/browser.ts';
import { benchLogin, printFigure, startBenchServer } from './lib/harness.ts';
import { machineCpuSeconds } from './lib/process-cpu.ts';

// A page loaded in a fresh browser context (empty caches, a new renderer), as every browser test
// and every first visit does: the JavaScript modules it fetches, and the whole machine's CPU per
// load (/proc/stat: Chromium's processes and the server's), beside an empty context loading a
// blank page in the same sitting. Median of ROUNDS rounds of LOADS loads each.
const LOADS = Number(process.env.LOADS ?? 15);
const ROUNDS = 3;
const PAGES = ['/login', '/albums', '/admin', '/share/no-such-share'];

const busyCpuMs = () => machineCpuSeconds() * 1000;

const server = await startBenchServer();
const cookie = await benchLogin(server.url);
const [name, value] = cookie.split('=') as [string, string];
const browser = await launchBrowser();

/** One load of `path` in a fresh signed-in context; the count of JavaScript modules it fetched. */
async function freshLoad(path: string | null): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    let modules = 0;
    page.on('request', (request) => void (request.url().endsWith('.js') && (modules += 1)));
    if (path === null) {
      await page.goto('data:text/html,<p>blank</p>');
      return 0;
    }
    await page.goto(server.url + path);
    await waitForHydration(page);
    return modules;
  } finally {
    await context.close();
  }
}

/** Median machine CPU per load over the rounds, and the modules of the last load. */
async function measure(path: string | null): Promise<{ cpuMs: number; modules: number }> {
  let modules = await freshLoad(path); // warm-up: the server's first render of the page
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = busyCpuMs();
    for (let i = 0; i < LOADS; i++) modules = await freshLoad(path);
    rounds.push((busyCpuMs() - before) / LOADS);
  }
  return { cpuMs: rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!, modules };
}

try {
  const empty = await measure(null);
  printFigure('empty context, blank page: machine CPU per load', empty.cpuMs, 'ms');
  for (const path of PAGES) {
    const { cpuMs, modules } = await measure(path);
    printFigure(`${path}: JavaScript modules fetched`, modules, 'modules');
    printFigure(`${path}: machine CPU per fresh load`, cpuMs, 'ms', { name: 'empty context, blank page', value: empty.cpuMs });
  }
} finally {
  await browser.close();
  await server.stop();
}
