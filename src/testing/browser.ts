import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

/**
 * Debian's Chromium headless shell: the same Chromium build without the browser's windows and UI,
 * so a test context costs about a fifth less CPU than in the full browser (decision 232).
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The full browser, for what only it does: judging an app installable (the shell always says yes). */
export const FULL_CHROMIUM_EXECUTABLE = process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The headless shell with flags that keep it quiet on a 2-core CI box. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Share pages start playback from a test without a real user gesture.
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The one Chromium of this `bun test` process: its test files run one after another in it and each
 * test opens its own context, so none needs a browser of its own. Launched on first use; Playwright
 * kills it when the process exits.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser();
  return shared;
}

/** Closes the shared Chromium, if this process launched it (src/testing/browser-teardown.ts). */
export async function closeSharedBrowser(): Promise<void> {
  const launched = shared;
  shared = undefined;
  if (launched) await (await launched).close();
}

/** A test file is done with the shared browser: closes the contexts it left open (a failed test's). */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

/**
 * Collects console errors and warnings (React reports hydration mismatches there) and
 * uncaught page errors, so a test can assert a page ran clean.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Playwright's own note where a context blocks service workers (see openPage), not the app's.
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * A fresh context (own cookies and storage) with one watched page. Service workers are blocked
 * unless asked for: a controlled page's requests go through the worker, where page.route
 * cannot see them (Playwright's rule), and most tests route requests. PWA tests allow them.
 * The page prefers reduced motion, as a listener may set it: the app's CSS then skips its
 * transitions and slides, which Chromium would otherwise composite frame by frame for nothing a
 * test reads (decision 235). The design system's tests keep full motion.
 */
export async function openPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context: BrowserContext = await browser.newContext({ serviceWorkers: 'block', reducedMotion: 'reduce', ...options });
  const page = await context.newPage();
  const problems = watchConsole(page);
  return { context, page, problems };
}

/** Resolves once React has hydrated the document (the client entry marks it). */
export async function waitForHydration(page: Page): Promise<void> {
  // A lazily loaded part (the admin area) hydrates after the root: it is marked
  // `data-hydrating` until its own effects run.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true' && !document.querySelector('[data-hydrating]'));
}

/**
 * Waits until an async page predicate resolves true. Playwright's waitForFunction takes the
 * Promise an async predicate returns as truthy and resolves at once, so it cannot wait on
 * caches, service worker registrations or anything else the page only answers asynchronously.
 */
export async function waitForAsync<Arg>(page: Page, predicate: (arg: Arg) => Promise<boolean>, arg: Arg, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const ask = predicate as (arg: unknown) => Promise<boolean>;
  while (!(await page.evaluate(ask, arg as unknown))) {
    if (Date.now() > deadline) throw new Error(`still false after ${timeoutMs} ms: ${predicate.toString().slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
