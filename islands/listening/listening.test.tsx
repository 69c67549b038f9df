import { afterEach, beforeEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RecentPlayDto, SongDto, UserDto } from '../../src/shared/types.ts';
import { json, restoreFetch, stubFetch, withQueries } from '../albums/dialog.test-harness.tsx';
import { AppShell } from '../app/app-shell.tsx';
import { RouterContext } from '../app/router.ts';
import { SongMenu } from '../songs/song-menu.tsx';
import { useToastStore } from '../ui/toast-store.ts';
import { PLAYED_EVENT } from './plays.ts';
import { songDto } from '../../src/testing/dto-builders.ts';

const user: UserDto = { id: 1, username: 'kiddo', isAdmin: false, displayPreference: 'artist' };
const song = (id: number, title: string): SongDto => songDto({ id, title, artist: 'Gran' });

let favourites: SongDto[] = [];
let plays: RecentPlayDto[] = [];
let refuse = false;

beforeEach(() => {
  favourites = [song(1, 'Lullaby')];
  plays = [];
  refuse = false;
});
afterEach(() => {
  cleanup();
  restoreFetch();
  useToastStore.getState().dismiss();
});

/** A stand-in for /api/favourites and /api/recently-played (the routes have their own tests). */
function serve() {
  return stubFetch(({ url, method }) => {
    if (url === '/api/favourites') return json(200, favourites);
    if (url === '/api/recently-played') return json(200, plays);
    const star = /^\/api\/favourites\/(\d+)$/.exec(url);
    if (star) {
      if (refuse) return json(404, { error: 'Song not found' });
      const id = Number(star[1]);
      favourites = method === 'PUT' ? [song(id, `Song ${id}`), ...favourites.filter((s) => s.id !== id)] : favourites.filter((s) => s.id !== id);
      return new Response(null, { status: 204 });
    }
    return json(200, []);
  });
}

function renderMenu(shown: SongDto) {
  render(
    withQueries(
      <RouterContext.Provider value={{ path: '/', navigate: () => undefined, replace: () => undefined }}>
        <SongMenu song={shown} onAddToPlaylist={() => undefined} />
      </RouterContext.Provider>,
    ),
  );
}

const openMenu = async (title: string) => act(async () => fireEvent.keyDown(screen.getByRole('button', { name: `Options for ${title}` }), { key: 'Enter' }));

test("a song's menu adds it to Favourites, or removes it when it is one", async () => {
  const calls = serve();
  renderMenu(song(2, 'Rain'));
  await openMenu('Rain');
  const add = await screen.findByRole('menuitem', { name: 'Add to Favourites' });
  await waitFor(() => expect(add.getAttribute('aria-disabled')).toBeNull());
  await act(async () => fireEvent.click(add));
  await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('PUT /api/favourites/2'));
  await waitFor(() => expect(useToastStore.getState().current?.title).toBe('Added to Favourites'));
  await openMenu('Rain');
  await act(async () => fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove from Favourites' })));
  await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /api/favourites/2'));
});

test('a refused star is undone and says why', async () => {
  serve();
  refuse = true;
  renderMenu(song(3, 'Gone'));
  await openMenu('Gone');
  const add = await screen.findByRole('menuitem', { name: 'Add to Favourites' });
  await waitFor(() => expect(add.getAttribute('aria-disabled')).toBeNull());
  await act(async () => fireEvent.click(add));
  await waitFor(() => expect(useToastStore.getState().current).toMatchObject({ title: 'Failed to update favourites', description: 'Song not found' }));
  await openMenu('Gone');
  expect(await screen.findByRole('menuitem', { name: 'Add to Favourites' })).toBeTruthy();
});

test('/favourites lists them; /recently-played lists plays and refreshes after a counted play', async () => {
  serve();
  window.history.replaceState(null, '', '/favourites');
  render(<AppShell user={user} initialPath="/favourites" />);
  const list = await screen.findByRole('list', { name: 'Favourites' });
  expect(within(list).getByText('Lullaby')).toBeTruthy();
  cleanup();
  window.history.replaceState(null, '', '/recently-played');
  render(<AppShell user={user} initialPath="/recently-played" />);
  expect(await screen.findByText('Nothing played yet')).toBeTruthy();
  plays = [{ song: song(4, 'Bedtime'), playCount: 1, lastPlayedAt: '2026-01-02T00:00:00.000Z' }];
  await act(async () => window.dispatchEvent(new Event(PLAYED_EVENT)));
  const recent = await screen.findByRole('list', { name: 'Recently played' });
  expect(within(recent).getByText('Bedtime')).toBeTruthy();
});

test('the Library links to both', async () => {
  serve();
  window.history.replaceState(null, '', '/');
  render(<AppShell user={user} initialPath="/" />);
  const nav = await screen.findByRole('navigation', { name: 'Your music' });
  expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/favourites', '/recently-played']);
});
