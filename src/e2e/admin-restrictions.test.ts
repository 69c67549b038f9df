import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { insertAlbum, insertSong } from '../testing/factories.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { expectToast, inEachLook, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let admin: string;
let kid: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('mum', { isAdmin: true });
  kid = await server.signUp('kiddo');
  const nursery = insertAlbum(server.db, { name: 'Nursery Rhymes' });
  const club = insertAlbum(server.db, { name: 'Night Club' });
  insertSong(server.db, { title: 'Twinkle Twinkle', albumId: nursery.id, status: 'published' });
  insertSong(server.db, { title: 'Rough Rhyme', albumId: nursery.id, status: 'published', explicit: true });
  insertSong(server.db, { title: 'Club Anthem', albumId: club.id, status: 'published' });
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const accountRow = (page: Page, name: string) => page.getByTestId('account-row').filter({ has: page.getByText(name, { exact: true }) });

describe('restrictions in Settings → Family Accounts', () => {
  test('an admin makes a member Clean with one album; the badge shows it and the member sees only that', async () => {
    const { page, problems, context } = await openSignedIn(browser, server, admin, '/admin/settings');
    await page.getByRole('button', { name: 'Options for kiddo', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Restrictions…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restrictions' });
    await dialog.getByText('What "kiddo" can see and hear, in the app and in phone apps. Changes apply at once.').waitFor();
    await dialog.getByLabel('Clean (hide explicit songs)').click();
    await dialog.getByLabel('Only these albums').click();
    await dialog.getByLabel('Nursery Rhymes').click();
    await inEachLook(page, async () => expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT));
    await dialog.getByRole('button', { name: 'Save Restrictions' }).click();
    await expectToast(page, 'Restrictions saved', '"kiddo" now sees only what they allow');
    await dialog.waitFor({ state: 'detached' });
    await accountRow(page, 'kiddo').getByTestId('restriction-badge').filter({ hasText: 'Clean · Only 1 album' }).waitFor();
    // A restricted member is never made an admin from here (the server refuses it too).
    await page.getByRole('button', { name: 'Options for kiddo', exact: true }).click();
    expect(await page.getByRole('menuitem', { name: 'Make Admin' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await context.close();

    const child = await openSignedIn(browser, server, kid, '/');
    await child.page.getByText('Twinkle Twinkle').first().waitFor();
    expect(await child.page.getByText('Rough Rhyme').count()).toBe(0);
    expect(await child.page.getByText('Club Anthem').count()).toBe(0);
    await child.context.close();
  });

  test('lifting the restrictions takes the badge away, and the member sees everything again', async () => {
    const { page, context } = await openSignedIn(browser, server, admin, '/admin/settings');
    await page.getByRole('button', { name: 'Options for kiddo', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Restrictions…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restrictions' });
    expect(await dialog.getByLabel('Clean (hide explicit songs)').getAttribute('aria-checked')).toBe('true');
    await dialog.getByLabel('Clean (hide explicit songs)').click();
    await dialog.getByLabel('Only these albums').click();
    await dialog.getByRole('button', { name: 'Save Restrictions' }).click();
    await expectToast(page, 'Restrictions saved');
    await accountRow(page, 'kiddo').getByTestId('restriction-badge').waitFor({ state: 'detached' });
    await context.close();
    const child = await openSignedIn(browser, server, kid, '/');
    await child.page.getByText('Club Anthem').first().waitFor();
    await child.page.getByText('Rough Rhyme').first().waitFor();
    await child.context.close();
  });
});
