import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { AlbumDto, DeletedAlbumDto, DeletedSongDto, SongDto } from '../shared/types.ts';
import { releaseBrowser, sharedBrowser } from '../testing/browser.ts';
import { CLEAN_LAYOUT, checkLayout } from '../testing/layout.ts';
import { type TestServer, startTestServer } from '../testing/server.ts';
import { createAlbum, uploadSong } from './seed.ts';
import { inEachLook, expectToast, openSignedIn } from './signed-in.ts';

setDefaultTimeout(120_000);

const DAY = 24 * 60 * 60 * 1000;
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

const api = async <T>(path: string, method = 'GET'): Promise<T> => {
  const response = await server.request(path, { method, cookie: admin });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
};
const deletedSongs = () => api<DeletedSongDto[]>('/api/deleted/songs');
const deletedAlbums = () => api<DeletedAlbumDto[]>('/api/deleted/albums');
/** A real upload, then moved to Deleted. */
async function trashedSong(title: string, fixture = 'tone.ogg', changes: { artist?: string; albumId?: number } = {}): Promise<SongDto> {
  const song = await uploadSong(server, admin, fixture, { title, ...changes });
  await api(`/api/songs/${song.id}`, 'DELETE');
  return song;
}
async function trashedAlbum(name: string): Promise<AlbumDto> {
  const album = await createAlbum(server, admin, name);
  await api(`/api/albums/${album.id}`, 'DELETE');
  return album;
}
/** Empties Deleted through the API, so each test sees only its own items. */
async function emptyTrash() {
  for (const song of await deletedSongs()) await api(`/api/songs/${song.id}/permanent`, 'DELETE');
  for (const album of await deletedAlbums()) await api(`/api/albums/${album.id}/permanent`, 'DELETE');
}
const audioStatus = async (song: SongDto) => (await server.request(song.audioUrl, { cookie: admin })).status;

const open = (path = '/admin/deleted', options: Parameters<typeof openSignedIn>[4] = {}) => openSignedIn(browser, server, admin, path, options);
const section = (page: Page, name: 'Albums' | 'Songs') => page.getByRole('list', { name });
const row = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });
function countDeletes(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') seen.push(new URL(request.url()).pathname);
  });
  return seen;
}
const allowed = (problems: string[]) => problems.filter((p) => !/ERR_CONNECTION_RESET|409|Failed to load resource/.test(p));

describe('the lists', () => {
  test('All shows deleted albums and songs with days remaining; Music shows songs only; empty says "No deleted items"', async () => {
    await emptyTrash();
    const { page, problems, context } = await open();
    await page.getByRole('heading', { name: 'No deleted items' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete All' }).isDisabled()).toBe(true);
    const album = await createAlbum(server, admin, 'Camping');
    await trashedSong('Campfire', 'tone.ogg', { artist: 'Grandpa Joe', albumId: album.id });
    server.advance(2 * DAY + 60_000);
    await trashedAlbum('Old Favourites');
    await page.reload();
    await section(page, 'Songs').waitFor();
    expect(await row(page, 'Campfire').innerText()).toContain('5 days remaining • Song • Grandpa Joe • Camping');
    expect(await section(page, 'Albums').innerText()).toContain('7 days remaining • Album');
    await page.getByRole('tab', { name: 'Music' }).click();
    await section(page, 'Songs').waitFor();
    expect(await section(page, 'Albums').count()).toBe(0);
    await page.getByRole('tab', { name: 'All' }).click();
    await section(page, 'Albums').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('Restore', () => {
  test('a song and an album come back, in the library and the album lists too', async () => {
    await emptyTrash();
    const song = await trashedSong('Morning Song', 'tone.wav');
    const album = await trashedAlbum('Road Trip');
    await uploadSong(server, admin, 'tone.ogg', { title: 'Anchor Song' });
    // The library and the Albums tab are loaded (and cached) before the restore.
    const { page, problems, context } = await open('/');
    await page.getByRole('list', { name: 'Songs' }).getByText('Anchor Song').waitFor();
    expect(await page.getByRole('list', { name: 'Songs' }).getByText('Morning Song').count()).toBe(0);
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Settings' }).click();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Albums' }).click();
    await page.getByRole('list', { name: 'Albums' }).or(page.getByRole('heading', { name: 'No albums yet' })).first().waitFor();
    expect(await page.getByRole('list', { name: 'Albums' }).getByText('Road Trip').count()).toBe(0);
    await nav.getByRole('link', { name: 'Deleted' }).click();
    await page.getByRole('button', { name: 'Restore Morning Song' }).click();
    await expectToast(page, 'Song restored!');
    await row(page, 'Morning Song').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Restore Road Trip' }).click();
    await expectToast(page, 'Album restored!');
    await page.getByRole('heading', { name: 'No deleted items' }).waitFor();
    expect((await api<SongDto[]>('/api/songs/all')).find((s) => s.id === song.id)?.deletedAt).toBeNull();
    await nav.getByRole('link', { name: 'Albums' }).click();
    await page.getByRole('list', { name: 'Albums' }).getByText('Road Trip', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back to Library' }).click();
    await page.getByRole('list', { name: 'Songs' }).getByText('Morning Song').waitFor();
    expect(await audioStatus(song)).toBe(200);
    expect((await api<AlbumDto>(`/api/albums/${album.id}`)).deletedAt).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('failures: "Failed to restore song" / "Failed to restore album" when no answer came, the server\'s reason when it refused', async () => {
    await emptyTrash();
    await trashedSong('Stuck Song');
    await trashedAlbum('Twins');
    await createAlbum(server, admin, 'twins');
    const { page, problems, context } = await open();
    await page.route('**/api/songs/*/restore', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Restore Stuck Song' }).click();
    await expectToast(page, 'Error', 'Failed to restore song');
    await page.getByRole('button', { name: 'Restore Twins' }).click();
    await expectToast(page, 'Error', 'An album named "Twins" already exists');
    await page.route('**/api/albums/*/restore', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Restore Twins' }).click();
    await expectToast(page, 'Error', 'Failed to restore album');
    expect((await deletedSongs()).map((s) => s.title)).toEqual(['Stuck Song']);
    expect(allowed(problems)).toEqual([]);
    await context.close();
  });
});

describe('Delete Forever', () => {
  test('asks first; Cancel keeps it; confirmed, the song and its audio are gone for good', async () => {
    await emptyTrash();
    const song = await trashedSong('Goodbye Song', 'tone.flac');
    await trashedAlbum('Goodbye Album');
    const { page, problems, context } = await open();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Forever?' });
    await page.getByRole('button', { name: 'Delete Forever Goodbye Song' }).click();
    await dialog.getByText('"Goodbye Song" and its audio file will be deleted for good.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await deletedSongs()).toHaveLength(1);
    await page.getByRole('button', { name: 'Delete Forever Goodbye Song' }).click();
    await dialog.getByRole('button', { name: 'Delete Forever' }).click();
    await expectToast(page, 'Song permanently deleted!');
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'Goodbye Song').waitFor({ state: 'detached' });
    expect(await deletedSongs()).toEqual([]);
    expect(await audioStatus(song)).toBe(404);
    expect((await server.request(`/api/songs/${song.id}/restore`, { method: 'POST', cookie: admin })).status).toBe(404);
    await page.getByRole('button', { name: 'Delete Forever Goodbye Album' }).click();
    await dialog.getByRole('button', { name: 'Delete Forever' }).click();
    await expectToast(page, 'Album permanently deleted!');
    await page.getByRole('heading', { name: 'No deleted items' }).waitFor();
    expect(await deletedAlbums()).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a failed delete closes its confirmation and says "Failed to permanently delete song or album"', async () => {
    await emptyTrash();
    await trashedSong('Sticky Song');
    const { page, problems, context } = await open();
    await page.route('**/api/songs/*/permanent', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Delete Forever Sticky Song' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Forever?' });
    await dialog.getByRole('button', { name: 'Delete Forever' }).click();
    await expectToast(page, 'Error', 'Failed to permanently delete song or album');
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'Sticky Song').waitFor();
    expect(await deletedSongs()).toHaveLength(1);
    expect(allowed(problems)).toEqual([]);
    await context.close();
  });
});

describe('Delete All', () => {
  test('one permanent delete per listed item after a confirmation: under Music the songs only, under All everything', async () => {
    await emptyTrash();
    const songs = [await trashedSong('One', 'tone.ogg'), await trashedSong('Two', 'tone.wav'), await trashedSong('Three', 'tone.flac')];
    await trashedAlbum('Album A');
    await trashedAlbum('Album B');
    const { page, problems, context } = await open();
    const deletes = countDeletes(page);
    const dialog = page.getByRole('alertdialog', { name: 'Delete All?' });
    await page.getByRole('tab', { name: 'Music' }).click();
    await page.getByRole('button', { name: 'Delete All' }).click();
    await dialog.getByText('The 3 deleted songs listed will be deleted for good.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // While it closes, the page behind stays hidden from the accessibility tree, so the dialog's
    // own Delete All would be the only one found.
    await dialog.waitFor({ state: 'detached' });
    expect(deletes).toEqual([]);
    await page.getByRole('button', { name: 'Delete All' }).click();
    await dialog.getByRole('button', { name: 'Delete All' }).click();
    await expectToast(page, 'All items deleted!');
    await dialog.waitFor({ state: 'detached' });
    expect(deletes.sort()).toEqual(songs.map((s) => `/api/songs/${s.id}/permanent`).sort());
    await page.getByRole('heading', { name: 'No deleted items' }).waitFor();
    for (const song of songs) expect(await audioStatus(song)).toBe(404);
    expect((await deletedAlbums()).map((a) => a.name).sort()).toEqual(['Album A', 'Album B']);
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByRole('button', { name: 'Delete All' }).click();
    await dialog.getByText('The 2 deleted items listed', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete All' }).click();
    await expectToast(page, 'All items deleted!');
    await page.getByRole('heading', { name: 'No deleted items' }).waitFor();
    expect(deletes).toHaveLength(5);
    expect([await deletedSongs(), await deletedAlbums()]).toEqual([[], []]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('when some fail: "Failed to delete all items", the confirmation closes, and what failed stays listed', async () => {
    await emptyTrash();
    const stuck = await trashedSong('Stuck');
    await trashedSong('Gone');
    const { page, problems, context } = await open();
    await page.route(`**/api/songs/${stuck.id}/permanent`, (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Delete All' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete All?' });
    await dialog.getByRole('button', { name: 'Delete All' }).click();
    await expectToast(page, 'Error', 'Failed to delete all items');
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'Gone').waitFor({ state: 'detached' });
    await row(page, 'Stuck').waitFor();
    expect((await deletedSongs()).map((s) => s.title)).toEqual(['Stuck']);
    expect(allowed(problems)).toEqual([]);
    await context.close();
  });
});

describe('layout', () => {
  test('clean at 390 and 1280 px, light and dark, with long names', async () => {
    await emptyTrash();
    await trashedSong('A Very Long Song Title That Goes On and On Past the Edge of Any Phone', 'tone.ogg', { artist: 'The Whole Family Choir and Friends' });
    await trashedAlbum('Songs We Sang on the Long Drive to Grandma\'s House Every Summer');
    const { page, problems, context } = await open('/admin/deleted');
    await section(page, 'Songs').waitFor();
    await inEachLook(page, async () => {
      expect(await checkLayout(page)).toEqual(CLEAN_LAYOUT);
      const restore = await page.getByRole('button', { name: /^Restore A Very Long/ }).boundingBox();
      expect(Math.min(restore!.width, restore!.height)).toBeGreaterThanOrEqual(44);
      expect(problems).toEqual([]);
    });
    await context.close();
  });
});
