import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { installAudioSpy, sineWav, libraryRow as row } from './player-fixtures.ts';
import { uploadBytes } from './seed.ts';
import { WIDE, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(90_000);

// The worker's static route: once the browser has stopped an idle worker, a song not kept plays
// straight from the network without starting it; a kept song still reaches it (and plays offline).
let server: TestServer;
let browser: Browser;
let kid: string;
let kept: SongDto;
let notKept: SongDto;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  kid = await server.signUp('kiddo', { password: 'crayons99' });
  kept = await uploadBytes(server, admin, 'campfire.wav', sineWav(20, 440), { title: 'Campfire Song', artist: 'Grandpa' });
  notKept = await uploadBytes(server, admin, 'lake.wav', sineWav(20, 523), { title: 'Lake at Dawn', artist: 'Grandpa' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

type Spied = { __audios: HTMLMediaElement[] };
const playingPast = (page: Page, seconds: number) =>
  page.waitForFunction((t) => (window as unknown as Spied).__audios.some((audio) => !audio.paused && audio.currentTime > t), seconds);

/** The worker versions' running states as CDP reports them, kept up to date. */
async function watchWorkers(cdp: CDPSession) {
  const states = new Map<string, string>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) states.set(version.versionId, version.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');
  return { states };
}

/** Stops every worker and waits until CDP reports them all stopped. */
async function stopWorkers(page: Page, cdp: CDPSession, states: Map<string, string>) {
  await cdp.send('ServiceWorker.stopAllWorkers');
  const deadline = Date.now() + 20_000;
  while ([...states.values()].some((state) => state !== 'stopped')) {
    if (Date.now() > deadline) throw new Error(`workers still ${[...states.values()].join(', ')}`);
    await page.waitForTimeout(50);
  }
}

describe('the worker stays stopped for songs not kept', () => {
  test('with the worker stopped, a song not kept plays without starting it; a kept song plays offline', async () => {
    const { page, context, problems } = await openSignedIn(browser, server, kid, '/account', { viewport: WIDE, serviceWorkers: 'allow' });
    await installAudioSpy(page);
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await row(page, 'Campfire Song').waitFor();
    await page.getByRole('button', { name: 'Options for Campfire Song' }).click();
    await page.getByRole('menuitem', { name: 'Make available offline' }).click();
    await expectToast(page, 'Available offline', '"Campfire Song" saved on this device');
    await page.waitForLoadState('networkidle');

    const cdp = await context.newCDPSession(page);
    const { states } = await watchWorkers(cdp);
    await stopWorkers(page, cdp, states);
    // The audio's response as Chromium saw it: which static route it matched, if any.
    const routed = new Map<string, { fromServiceWorker: boolean; matched?: string; actual?: string }>();
    cdp.on('Network.responseReceived', ({ response }) => {
      const info = (response as { serviceWorkerRouterInfo?: { matchedSourceType?: string; actualSourceType?: string } }).serviceWorkerRouterInfo;
      routed.set(new URL(response.url).pathname, { fromServiceWorker: response.fromServiceWorker ?? false, matched: info?.matchedSourceType, actual: info?.actualSourceType });
    });
    await cdp.send('Network.enable');
    await row(page, 'Lake at Dawn').click();
    await playingPast(page, 0.3);
    // The static route sent it to the network: the stopped worker was not started for it.
    expect(routed.get(notKept.audioUrl)).toEqual({ fromServiceWorker: false, matched: 'network', actual: 'network' });

    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause', exact: true }).click();
    await stopWorkers(page, cdp, states);
    await context.setOffline(true);
    const fromCopy = page.waitForResponse((response) => new URL(response.url()).pathname === kept.audioUrl && response.request().resourceType() === 'media');
    await row(page, 'Campfire Song').click();
    expect((await fromCopy).fromServiceWorker()).toBe(true);
    await playingPast(page, 0.3);
    expect(await page.getByTestId('toast').filter({ hasText: 'Connection Problem' }).count()).toBe(0);

    await cdp.detach();
    expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  });
});
