import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { installAudioSpy, sineWav } from './player-fixtures.ts';
import { uploadBytes } from './seed.ts';
import { PHONE, openSignedIn } from './signed-in.ts';

setDefaultTimeout(90_000);

// The full player's sleep timer in Chromium: chosen from its menu, the remaining time shown, and
// still running after a reload (its deadline is kept as a wall-clock time).
let server: TestServer;
let browser: Browser;
let kid: string;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  await uploadBytes(server, admin, 'night.wav', sineWav(30, 330), { title: 'Night Song', artist: 'Grandpa Joe' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const bar = (page: Page) => page.getByRole('region', { name: 'Player' });
const fullPlayer = (page: Page) => page.getByRole('dialog', { name: 'Now Playing' });
const left = (page: Page) => fullPlayer(page).getByTestId('sleep-timer-left');
/** Minutes and seconds of '{m}:{ss} left' as seconds. */
const seconds = (text: string | null) => {
  const [, m, s] = /(\d+):(\d\d) left$/.exec(text ?? '') ?? [];
  return Number(m) * 60 + Number(s);
};

describe('sleep timer', () => {
  test('a timer set in the full player shows the time left, and is still shown after a reload', async () => {
    const { page, context, problems } = await openSignedIn(browser, server, kid, '/account', { viewport: PHONE });
    await installAudioSpy(page);
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: /^Night Song/ }).click();
    await bar(page).getByRole('button', { name: 'Full screen: Night Song' }).click();

    await fullPlayer(page).getByRole('button', { name: 'Sleep timer' }).click();
    expect(await page.getByRole('menuitemradio').allInnerTexts()).toEqual(['Off', '5 minutes', '10 minutes', '15 minutes', '30 minutes', '45 minutes', '60 minutes', 'End of track']);
    await page.getByRole('menuitemradio', { name: '15 minutes' }).click();
    await left(page).waitFor();
    const before = seconds(await left(page).textContent());
    expect(before).toBeGreaterThan(14 * 60);
    expect(before).toBeLessThanOrEqual(15 * 60);
    expect(await fullPlayer(page).getByRole('button', { name: 'Sleep timer' }).getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await bar(page).getByRole('button', { name: 'Full screen: Night Song' }).click();
    await left(page).waitFor();
    const after = seconds(await left(page).textContent());
    expect(after).toBeGreaterThan(13 * 60);
    expect(after).toBeLessThanOrEqual(before);
    await fullPlayer(page).getByRole('button', { name: 'Sleep timer' }).click();
    expect(await page.getByRole('menuitemradio', { name: '15 minutes' }).getAttribute('aria-checked')).toBe('true');

    await page.getByRole('menuitemradio', { name: 'Off' }).click();
    await left(page).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('end of track is shown as such', async () => {
    const { page, context, problems } = await openSignedIn(browser, server, kid, '/', { viewport: PHONE });
    await page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: /^Night Song/ }).click();
    await bar(page).getByRole('button', { name: 'Full screen: Night Song' }).click();
    await fullPlayer(page).getByRole('button', { name: 'Sleep timer' }).click();
    await page.getByRole('menuitemradio', { name: 'End of track' }).click();
    await left(page).getByText('End of track').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
