import type { Locator, Page } from 'playwright-core';
import type { SongDto } from '../shared/types.ts';
import type { TestServer } from '../testing/server.ts';

/** The Manage Songs card of /admin. */
export const manage = (page: Page) => page.getByRole('region', { name: 'Manage Songs' });

/** Filter, sort, display and Select All above the list. */
export const controls = (page: Page) => manage(page).getByRole('group', { name: 'List options' });

/** A song's row in Manage Songs, by its exact title. */
export const songRow = (page: Page, title: string): Locator =>
  page.getByTestId('manage-row').filter({ has: page.locator('span.font-medium', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });

/** Titles of the rendered rows, top to bottom. */
export const rowTitles = (page: Page) => page.getByTestId('manage-row').evaluateAll((rows) => rows.map((row) => row.querySelector('span.font-medium')!.textContent));

/** Waits until the rendered rows are these titles, top to bottom (the server answers a new filter or sort). */
export async function waitForRowTitles(page: Page, titles: (string | null)[]): Promise<void> {
  await page.waitForFunction(
    (want) => JSON.stringify([...document.querySelectorAll('[data-testid="manage-row"]')].map((row) => row.querySelector('span.font-medium')!.textContent)) === JSON.stringify(want),
    titles,
  );
}

/** Expands a song's row and returns it. */
export async function expand(page: Page, title: string): Promise<Locator> {
  const row = songRow(page, title);
  await row.getByRole('button', { expanded: false }).click();
  await row.getByRole('form', { name: 'Edit song' }).waitFor();
  return row;
}

export const bulkBar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });

export async function songsAs(server: TestServer, cookie: string, path = '/api/songs/all'): Promise<SongDto[]> {
  return (await server.request(path, { cookie })).json() as Promise<SongDto[]>;
}

export async function songById(server: TestServer, admin: string, id: number): Promise<SongDto | undefined> {
  return (await songsAs(server, admin)).find((song) => song.id === id);
}

/** Waits until the server's copy of a song satisfies `check`. */
export async function serverSong(server: TestServer, admin: string, id: number, check: (song: SongDto | undefined) => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check(await songById(server, admin, id))) {
    if (Date.now() > deadline) throw new Error(`song ${id} did not reach the expected state`);
    await Bun.sleep(25);
  }
}

/** Console noise a refused request makes in Chromium (the toast is what the test checks). */
export const withoutFailedLoads = (problems: string[]) => problems.filter((p) => !/Failed to load resource: the server responded with a status of (4|5)\d\d/.test(p));
