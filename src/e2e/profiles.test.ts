import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { openPage, releaseBrowser, sharedBrowser, waitForHydration } from '../testing/browser.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { sineWav } from './player-fixtures.ts';
import { uploadBytes } from './seed.ts';
import { PHONE, WIDE, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let dad: string;

beforeAll(async () => {
  server = await startTestServer();
  const mum = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  await server.signUp('kiddo', { password: 'crayons99' });
  dad = await server.signUp('dad', { password: 'guitar99' });
  const pin = await server.request('/api/user/pin', { method: 'PUT', json: { password: 'lullaby99', pin: '2468' }, cookie: mum });
  expect(pin.status).toBe(200);
  // Long enough not to end (and move the queue on) while the test switches profiles.
  await uploadBytes(server, mum, 'a.wav', sineWav(60, 330), { title: 'Morning Song' });
  await uploadBytes(server, mum, 'b.wav', sineWav(60, 440), { title: 'Bedtime Song' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const picker = (page: Page) => page.getByRole('dialog', { name: "Who's listening?" });
const signedInAs = (page: Page, name: string) =>
  page.waitForFunction((n) => document.querySelector('[data-testid="signed-in-user"]')?.textContent === n && document.documentElement.dataset.hydrated === 'true', name);

/** The login form, as a family member types it; lands on the library. */
async function signInHere(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await signedInAs(page, username);
}

async function openPicker(page: Page) {
  await page.getByRole('button', { name: 'Switch profile' }).click();
  await picker(page).waitFor();
}

const tapPin = async (page: Page, pin: string) => {
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
};

const fullPlayer = (page: Page) => page.getByRole('dialog', { name: 'Now Playing' });

/** Sets the sleep timer in the full player, then closes it. */
async function sleepTimer(page: Page, title: string, choice: string) {
  await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: `Full screen: ${title}` }).click();
  await fullPlayer(page).getByRole('button', { name: 'Sleep timer' }).click();
  await page.getByRole('menuitemradio', { name: choice }).click();
  await fullPlayer(page).getByTestId('sleep-timer-left').waitFor();
  await fullPlayer(page).getByRole('button', { name: 'Close' }).click();
  await fullPlayer(page).waitFor({ state: 'hidden' });
}

/** Whether the full player shows a running sleep timer for the member on this page. */
async function sleepTimerShown(page: Page, title: string): Promise<boolean> {
  await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: `Full screen: ${title}` }).click();
  const pressed = await fullPlayer(page).getByRole('button', { name: 'Sleep timer' }).getAttribute('aria-pressed');
  const shown = (await fullPlayer(page).getByTestId('sleep-timer-left').count()) > 0;
  await fullPlayer(page).getByRole('button', { name: 'Close' }).click();
  await fullPlayer(page).waitFor({ state: 'hidden' });
  return pressed === 'true' && shown;
}

/** Starts a song from the library, then pauses it: what is saved is that song, not the queue moving on. */
async function play(page: Page, title: string) {
  await page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await page.waitForFunction((t) => document.querySelector('[data-testid="player-title"]')?.textContent === t, title);
  await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause' }).click();
}

const playerTitle = (page: Page, title: string) =>
  page.waitForFunction((t) => document.querySelector('[data-testid="player-title"]')?.textContent === t, title);
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** A family tablet: mum signs in, then adds kiddo's profile through the picker. */
async function familyTablet() {
  const opened = await openPage(browser, { viewport: WIDE });
  await opened.page.goto(`${server.url}/login`);
  await waitForHydration(opened.page);
  await signInHere(opened.page, 'mum', 'lullaby99');
  return opened;
}

async function addKiddo(page: Page) {
  await openPicker(page);
  await picker(page).getByRole('link', { name: 'Add profile' }).click();
  await page.waitForURL(`${server.url}/login?add`);
  await waitForHydration(page);
  await signInHere(page, 'kiddo', 'crayons99');
}

describe("Who's listening? on a shared tablet", () => {
  test('the picker, the PIN pad (wrong, then right), a child without PIN, and each profile its own player and theme', async () => {
    const { context, page, problems } = await familyTablet();
    // Mum's own theme is light (chosen), and she is listening to the morning song.
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await isDark(page)).toBe(false);
    await play(page, 'Morning Song');

    await addKiddo(page);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await isDark(page)).toBe(true);
    await play(page, 'Bedtime Song');
    // The child's sleep timer is the child's own: it must not stop a parent's song after a switch.
    await sleepTimer(page, 'Bedtime Song', 'End of track');

    // To a grown-up: the PIN pad; a wrong PIN says so and changes nothing.
    await openPicker(page);
    await picker(page).getByRole('button', { name: 'kiddo, current profile' }).waitFor();
    await picker(page).getByRole('button', { name: 'mum, needs PIN' }).click();
    await picker(page).getByRole('form', { name: "Enter mum's PIN" }).waitFor();
    await tapPin(page, '1111');
    await picker(page).getByText('That PIN is not right').waitFor();
    expect(await page.getByTestId('signed-in-user').textContent()).toBe('kiddo');
    await picker(page).getByRole('textbox', { name: 'PIN', exact: true }).fill('2468');
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await signedInAs(page, 'mum');
    await playerTitle(page, 'Morning Song');
    expect(await isDark(page)).toBe(false);
    expect(await sleepTimerShown(page, 'Morning Song')).toBe(false);
    // The child's page, leaving, saved nothing under mum's session: her queue on the server is hers.
    const mumsQueue = await page.evaluate(() => fetch('/api/play-queue').then((r) => r.json() as Promise<{ songs: { title: string }[]; index: number }>));
    expect(mumsQueue.songs[mumsQueue.index]?.title).toBe('Morning Song');

    // To a child: no PIN, straight in, with the child's own song and theme.
    await openPicker(page);
    await picker(page).getByRole('button', { name: 'kiddo' }).click();
    await signedInAs(page, 'kiddo');
    await playerTitle(page, 'Bedtime Song');
    expect(await isDark(page)).toBe(true);
    expect(await sleepTimerShown(page, 'Bedtime Song')).toBe(true);
    expect(problems.filter((p) => !p.includes('403'))).toEqual([]);
    await context.close();
  });

  test('a new tab opens on the picker; a switch there moves the other tab too; signing one out keeps the other', async () => {
    const { context, page } = await familyTablet();
    await addKiddo(page);
    const tab = await context.newPage();
    await tab.goto(`${server.url}/`);
    await picker(tab).waitFor();
    await picker(tab).getByRole('button', { name: 'kiddo, current profile' }).waitFor();
    await picker(tab).getByRole('button', { name: 'mum, needs PIN' }).click();
    await tapPin(tab, '2468');
    await signedInAs(tab, 'mum');
    // The cookie is the browser's: the first tab follows rather than showing kiddo's page as mum.
    await signedInAs(page, 'mum');
    await tab.close();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.getByRole('heading', { name: "Who's listening?" }).waitFor();
    await page.getByRole('button', { name: 'kiddo' }).waitFor();
    expect(await page.getByRole('button', { name: /^mum/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'kiddo' }).click();
    await signedInAs(page, 'kiddo');
    await context.close();
  });

  test('wrong PINs are slowed down: the sixth try in a row waits', async () => {
    const { context, page } = await familyTablet();
    await addKiddo(page);
    await openPicker(page);
    await picker(page).getByRole('button', { name: 'mum, needs PIN' }).click();
    for (let i = 0; i < 5; i++) {
      await tapPin(page, '9999');
      await picker(page).getByText('That PIN is not right').waitFor();
    }
    await tapPin(page, '2468');
    await picker(page).getByText('Too many wrong PINs. Please wait and try again.').waitFor();
    expect(await page.getByTestId('signed-in-user').textContent()).toBe('kiddo');
    await context.close();
  });

  test("Account's Profile PIN: set with the password, then removed", async () => {
    const { context, page } = await openSignedIn(browser, server, dad, '/account', { viewport: PHONE });
    const section = page.getByRole('form', { name: 'Profile PIN' });
    await page.getByText('No PIN yet: anyone using a shared device can switch to your profile.').waitFor();
    await section.getByRole('button', { name: 'Set PIN' }).click();
    await section.getByText('Enter your password').waitFor();
    await section.getByText('A PIN is 4 to 6 digits').waitFor();
    await section.getByLabel('Password').fill('not-my-password');
    await section.getByLabel('PIN').fill('1357');
    await section.getByRole('button', { name: 'Set PIN' }).click();
    await expectToast(page, 'Failed to save PIN', 'Your password is not right');
    await section.getByLabel('Password').fill('guitar99');
    await section.getByRole('button', { name: 'Set PIN' }).click();
    await expectToast(page, 'PIN saved');
    await page.getByText('Your profile has a PIN.').waitFor();
    await section.getByLabel('Password').fill('guitar99');
    await section.getByRole('button', { name: 'Remove PIN' }).click();
    await expectToast(page, 'PIN removed');
    await page.getByText('No PIN yet: anyone using a shared device can switch to your profile.').waitFor();
    await context.close();
  });
});
