import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import type { NewAppPasswordDto } from '../shared/types.ts';
import { expectToast, inEachLook, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { password: 'lullaby99', isAdmin: true });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** What a phone app lists, through the Subsonic API with an app password. */
let password: string | undefined;
async function stationsInApps(): Promise<{ name: string; streamUrl: string; homePageUrl?: string }[]> {
  password ??= ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Car' }, cookie: admin })).json()) as NewAppPasswordDto).password;
  const body = (await (await server.request(`/rest/getInternetRadioStations?u=mum&p=${encodeURIComponent(password)}&f=json&v=1.16.1&c=car`)).json()) as any;
  return body['subsonic-response'].internetRadioStations.internetRadioStation.map(({ id: _id, ...station }: { id: string }) => station);
}

test('an admin adds, edits and deletes a radio station in Settings; phone apps list it', async () => {
  const { page, problems, context } = await openSignedIn(browser, server, admin, '/admin/settings');
  const card = page.getByRole('region', { name: 'Internet Radio' });
  await card.getByText('No radio stations').waitFor();
  await card.getByRole('button', { name: 'Add Station' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Station' });
  await dialog.getByLabel('Stream URL').fill('ftp://radio.example/jazz');
  await dialog.getByRole('button', { name: 'Add Station' }).click();
  await dialog.getByText('Enter a name').waitFor();
  await dialog.getByText('Enter an address starting with http:// or https://').waitFor();
  await dialog.getByLabel('Name').fill('Jazz FM');
  await dialog.getByLabel('Stream URL').fill('https://radio.example/jazz.mp3');
  await dialog.getByLabel('Home Page (optional)').fill('https://radio.example/');
  await dialog.getByRole('button', { name: 'Add Station' }).click();
  await expectToast(page, 'Station added', '"Jazz FM" is listed in phone apps');
  await dialog.waitFor({ state: 'detached' });
  await card.getByTestId('radio-station-row').getByText('Jazz FM').waitFor();
  expect(await stationsInApps()).toEqual([{ name: 'Jazz FM', streamUrl: 'https://radio.example/jazz.mp3', homePageUrl: 'https://radio.example/' }]);

  await inEachLook(page, async ({ viewport, theme }) => {
    expect([viewport.width, theme, await checkLayout(page)]).toEqual([viewport.width, theme, CLEAN_LAYOUT]);
  });

  await card.getByRole('button', { name: 'Edit Jazz FM' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Station' });
  expect(await edit.getByLabel('Stream URL').inputValue()).toBe('https://radio.example/jazz.mp3');
  await edit.getByLabel('Name').fill('Jazz 24');
  await edit.getByRole('button', { name: 'Save Station' }).click();
  await expectToast(page, 'Station saved', '"Jazz 24" is listed in phone apps');
  await card.getByTestId('radio-station-row').getByText('Jazz 24').waitFor();

  await card.getByRole('button', { name: 'Delete Jazz 24' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Station?' });
  await confirm.getByText('"Jazz 24" will no longer be listed in phone apps.').waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Station deleted', '"Jazz 24" is no longer listed');
  await card.getByText('No radio stations').waitFor();
  expect(await stationsInApps()).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
