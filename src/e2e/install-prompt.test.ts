import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { FULL_CHROMIUM_EXECUTABLE, releaseBrowser, sharedBrowser, waitForHydration, watchConsole } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { type SignedInPage, PHONE, WIDE, openSignedIn } from './signed-in.ts';

setDefaultTimeout(60_000);

// Install prompt: 'Install Hearth' 10 s after the browser offers installation (a
// synthetic `beforeinstallprompt`, as Chromium's own needs engagement); Not Now for 7 days;
// never at 768 px or wider, nor in the installed app. Time moves with Playwright's clock.
const DAY = 24 * 60 * 60 * 1000;

interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
  form_factor?: string;
}

let server: TestServer;
let browser: Browser;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.signUp('anna', { password: 'crayons99' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** Signed in on `/` with the page's clock under the test's control from the first script. */
async function openWithClock(viewport = PHONE): Promise<SignedInPage> {
  // With the worker, as Chromium offers installation only to a page a worker controls.
  const opened = await openSignedIn(browser, server, cookie, '/', { viewport, serviceWorkers: 'allow' });
  await opened.page.clock.install({ time: new Date('2026-03-01T09:00:00Z') });
  await reload(opened.page);
  return opened;
}

async function reload(page: Page) {
  await page.reload();
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Library', level: 1 }).waitFor();
}

/** The browser offers installation: true when the app took the event (preventDefault). */
function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted'): Promise<boolean> {
  return page.evaluate((outcome) => {
    const w = window as unknown as { __prompts: number };
    w.__prompts = 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void w.__prompts++,
      userChoice: Promise.resolve({ outcome, platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

const card = (page: Page) => page.getByRole('region', { name: 'Install Hearth' });
const waiting = (page: Page) => page.getByTestId('install-waiting');

/** Offers installation and lets the 10 s pass; the card shows, or the app chose not to. */
async function offerAndWait(page: Page) {
  expect(await offerInstall(page)).toBe(true);
  await waiting(page).waitFor({ state: 'attached' });
  await page.clock.fastForward(10_000);
  await waiting(page).waitFor({ state: 'detached' });
}

async function close({ context, problems }: SignedInPage) {
  expect(problems).toEqual([]);
  await context.close();
}

describe('install prompt', () => {
  test("on a phone the card comes 10 s after the offer, with Install, Not Now and Close; Not Now hides it for 7 days", async () => {
    const opened = await openWithClock();
    const { page } = opened;
    // Time stands still until the test moves it: on a loaded machine the real time between the
    // offer and the check below would otherwise count towards the 10 s.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    expect(await offerInstall(page)).toBe(true);
    await waiting(page).waitFor({ state: 'attached' });
    await page.clock.fastForward(9_900);
    expect(await card(page).count()).toBe(0);
    await page.clock.fastForward(100);
    await card(page).getByRole('heading', { name: 'Install Hearth' }).waitFor();
    for (const name of ['Install', 'Not Now', 'Close']) expect(await card(page).getByRole('button', { name, exact: true }).count()).toBe(1);
    // It sits above the tab bar, inside the phone's width.
    const box = (await card(page).boundingBox())!;
    const tabBar = (await page.getByRole('navigation', { name: 'Tabs' }).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(tabBar.y);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);

    await card(page).getByRole('button', { name: 'Not Now' }).click();
    await card(page).waitFor({ state: 'detached' });

    // Six days and 23 hours later the offer comes again: still nothing.
    await page.clock.fastForward(7 * DAY - 60 * 60 * 1000);
    await reload(page);
    await offerAndWait(page);
    expect(await card(page).count()).toBe(0);

    // Past the 7 days it is back.
    await page.clock.fastForward(60 * 60 * 1000 + 1000);
    await reload(page);
    await offerAndWait(page);
    await card(page).waitFor();
    await close(opened);
  });

  test('an offer that comes before the app has hydrated (the first page after sign-in) is kept and shows the card', async () => {
    const opened = await openWithClock();
    const { page } = opened;
    await page.evaluate(() => localStorage.removeItem('installPromptDismissed'));
    // The browser offers installation as soon as the head is parsed: before any module runs.
    await page.addInitScript(() => {
      const w = window as unknown as { __early: { prevented: boolean; modules: boolean; hydrated: boolean } | null };
      w.__early = null;
      const offer = () => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: async () => {}, userChoice: Promise.resolve({ outcome: 'accepted' }) });
        window.dispatchEvent(event);
        const modules = typeof (window as unknown as { __webpack_require__?: unknown }).__webpack_require__ !== 'undefined';
        w.__early = { prevented: event.defaultPrevented, modules, hydrated: document.documentElement.dataset.hydrated === 'true' };
      };
      const watch = new MutationObserver(() => {
        if (!document.body) return;
        watch.disconnect();
        offer();
      });
      watch.observe(document, { childList: true, subtree: true });
    });
    await reload(page);
    const early = await page.evaluate(() => (window as unknown as { __early: unknown }).__early);
    expect(early).toEqual({ prevented: true, modules: false, hydrated: false });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await waiting(page).waitFor({ state: 'attached' });
    await page.clock.fastForward(10_000);
    await card(page).getByRole('heading', { name: 'Install Hearth' }).waitFor();
    await close(opened);
  });

  test('Close hides it for 7 days too; Install hands over to the browser once and hides it', async () => {
    const opened = await openWithClock();
    const { page } = opened;
    await offerAndWait(page);
    await card(page).getByRole('button', { name: 'Close' }).click();
    await card(page).waitFor({ state: 'detached' });
    await reload(page);
    await offerAndWait(page);
    expect(await card(page).count()).toBe(0);

    await page.evaluate(() => localStorage.removeItem('installPromptDismissed'));
    await reload(page);
    await offerAndWait(page);
    await card(page).getByRole('button', { name: 'Install', exact: true }).click();
    await card(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { __prompts: number }).__prompts)).toBe(1);
    await close(opened);
  });

  test('never at 1280 px; narrowing the window to a phone shows it', async () => {
    const opened = await openWithClock(WIDE);
    const { page } = opened;
    await offerAndWait(page);
    expect(await card(page).count()).toBe(0);
    await page.setViewportSize(PHONE);
    await card(page).waitFor();
    await page.setViewportSize({ width: 768, height: 900 });
    await card(page).waitFor({ state: 'detached' });
    await close(opened);
  });

  test('not in the installed app (display-mode standalone)', async () => {
    const opened = await openWithClock();
    const { page } = opened;
    // Chromium cannot emulate display-mode (CDP has no such media feature): while the tab's
    // sessionStorage says so, `(display-mode: standalone)` answers as an installed app's would.
    await page.addInitScript(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => (query.includes('display-mode: standalone') && sessionStorage.getItem('standalone') === '1' ? real('all') : real(query));
    });
    await page.evaluate(() => sessionStorage.setItem('standalone', '1'));
    await reload(page);
    expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
    await offerAndWait(page);
    expect(await card(page).count()).toBe(0);
    // The same tab as a browser tab again: the card shows, so the check above was not vacuous.
    await page.evaluate(() => sessionStorage.removeItem('standalone'));
    await reload(page);
    await offerAndWait(page);
    await card(page).waitFor();
    await close(opened);
  });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  return `${view.getUint32(16)}x${view.getUint32(20)}`;
}

describe('the manifest (installability; Lighthouse is not reachable here)', () => {
  test('names, start, scope, display, colours, icons 192 and 512 with separate maskable ones, and screenshots, each file as declared', async () => {
    const response = await server.request('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestImage[]; screenshots: ManifestImage[] };
    expect(manifest).toMatchObject({ name: 'Hearth', short_name: 'Hearth', start_url: '/', scope: '/', display: 'standalone', id: '/' });
    // The splash screen is the app's own light background (islands/ui/tokens.ts), the bar the ember.
    expect(manifest.background_color).toBe('#faf8f5');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);

    const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(icons.sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const file = await server.request(image.src);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(image.type);
      const bytes = new Uint8Array(await file.arrayBuffer());
      expect(pngSize(bytes)).toBe(image.sizes);
      // Small: the screenshots are fetched by the install dialog, not precached.
      expect(bytes.length).toBeLessThan(150 * 1024);
    }
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
  });

  test('Chromium reads the manifest without errors and finds the app installable', async () => {
    // A persistent profile: Chromium never offers installation from an incognito-like context,
    // which every browser.newContext() is.
    const profile = mkdtempSync(join(tmpdir(), 'hearth-install-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: FULL_CHROMIUM_EXECUTABLE, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'], viewport: PHONE });
    try {
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: server.url }]);
      const page = context.pages()[0] ?? (await context.newPage());
      const problems = watchConsole(page);
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      // Installability needs the worker in control (it came with the service worker).
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const cdp = await context.newCDPSession(page);
      const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(read.url).toBe(`${server.url}/manifest.webmanifest`);
      expect(read.errors).toEqual([]);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
