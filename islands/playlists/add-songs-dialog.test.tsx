import { afterAll, afterEach, beforeAll, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { type Call, json, restoreFetch, stubFetch, withQueries } from '../albums/dialog.test-harness.tsx';
import { useToastStore } from '../ui/toast-store.ts';
import { ADDED_HIDE_MS, AddSongsDialog } from './add-songs-dialog.tsx';
import { songDto } from '../../src/testing/dto-builders.ts';

const song = (id: number, title: string, artist: string | null, status: 'published' | 'pending' = 'published') =>
  songDto({ id, title, artist, status, audioUrl: `/media/songs/s${id}/h.mp3`, duration: 60 });
const LIBRARY = [song(1, 'Bedtime', 'Grandpa Joe'), song(2, 'Lullaby', 'Nana'), song(3, 'Morning', null), song(4, 'Draft', 'Nana', 'pending'), song(5, 'Sunrise', 'The Early Birds')];

// happy-dom lays nothing out: give the list's scroller a height so the virtualiser renders rows.
const layout = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 }));
afterAll(() => {
  if (layout) Object.defineProperty(HTMLElement.prototype, 'clientHeight', layout);
  else delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

afterEach(() => {
  cleanup();
  restoreFetch();
  useToastStore.getState().dismiss();
});

const isPage = (url: string) => url.startsWith('/api/songs/page');

/**
 * The library's pages as the server answers them: published songs holding `q` in title or artist
 * (any case), two a page here, so the dialog's reading on is exercised; `after` is an offset.
 */
function libraryPage(url: string) {
  const query = new URL(url, 'http://hearth.test').searchParams;
  const needle = (query.get('q') ?? '').toLowerCase();
  const found = LIBRARY.filter((s) => s.status === 'published' && `${s.title}\n${s.artist ?? ''}`.toLowerCase().includes(needle));
  const start = Number(query.get('after') ?? 0);
  const songs = found.slice(start, start + 2);
  return { songs, next: start + 2 < found.length ? String(start + 2) : null, total: query.has('after') ? null : found.length };
}

/** The server as the dialog sees it: the library, playlist 9 holding Bedtime, and `add` for POSTs. */
function serve(add: (call: Call) => Promise<Response> | Response, holding = [LIBRARY[0]!]): Call[] {
  const playlist = [...holding];
  return stubFetch(async (call) => {
    if (isPage(call.url)) return json(200, libraryPage(call.url));
    if (call.url === '/api/playlists/9/songs' && call.method === 'GET') return json(200, playlist);
    if (call.url === '/api/playlists/9/songs' && call.method === 'POST') {
      const answer = await add(call);
      if (answer.ok) playlist.push(LIBRARY.find((s) => s.id === (call.body as { songId: number }).songId)!);
      return answer.ok ? json(201, playlist) : answer;
    }
    return json(200, {});
  });
}

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reopen
      </button>
      <AddSongsDialog playlistId="9" open={open} onOpenChange={setOpen} />
    </>
  );
}

const offered = () => [...document.querySelectorAll('ul[aria-label="Available songs"] button')].map((el) => `${el.getAttribute('aria-label')}:${el.getAttribute('data-state')}`);
const search = (value: string) => fireEvent.change(screen.getByRole('searchbox', { name: 'Search songs' }), { target: { value } });

test('offers published songs not in the playlist; the search matches title or artist, ignoring case', async () => {
  serve(() => json(201, []));
  render(withQueries(<Harness />));
  expect(screen.getByRole('status', { name: 'Loading songs' })).toBeTruthy();
  await waitFor(() => expect(offered()).toEqual(['Add Lullaby:available', 'Add Morning:available', 'Add Sunrise:available']));
  search('nANa');
  await waitFor(() => expect(offered()).toEqual(['Add Lullaby:available']));
  search('  BIRDS ');
  await waitFor(() => expect(offered()).toEqual(['Add Sunrise:available']));
  search('draft');
  await waitFor(() => expect(screen.getByText('No songs found')).toBeTruthy());
});

test('a first page whose songs are all in the playlist reads on to the next; the server searches', async () => {
  const calls = serve(() => json(201, []), [LIBRARY[0]!, LIBRARY[1]!]);
  render(withQueries(<Harness />));
  await waitFor(() => expect(offered()).toEqual(['Add Morning:available', 'Add Sunrise:available']));
  search(' Birds');
  await waitFor(() => expect(offered()).toEqual(['Add Sunrise:available']));
  expect(calls.filter((c) => isPage(c.url)).map((c) => c.url)).toEqual(['/api/songs/page', '/api/songs/page?after=2&limit=500', '/api/songs/page?q=Birds']);
});

test('a song goes from available to in progress to added, then hides; closing clears the search', async () => {
  let release: () => void = () => {};
  const calls = serve(() => new Promise((resolve) => (release = () => resolve(json(201, [])))));
  render(withQueries(<Harness />));
  await waitFor(() => expect(offered().length).toBe(3));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Morning' })));
  expect(offered()).toContain('Adding Morning:adding');
  expect(screen.getByRole('button', { name: 'Adding Morning' }).getAttribute('aria-disabled')).toBe('true');
  // A second tap while in progress sends nothing more.
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Adding Morning' })));
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ songId: 3 }]);
  await act(async () => release());
  await waitFor(() => expect(offered()).toContain('Added Morning:added'));
  expect(useToastStore.getState().current).toMatchObject({ title: 'Song added!', description: 'Song successfully added to playlist' });
  await waitFor(() => expect(offered()).toEqual(['Add Lullaby:available', 'Add Sunrise:available']), { timeout: ADDED_HIDE_MS + 1000 });

  search('sun');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
  expect(screen.queryByRole('dialog')).toBeNull();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reopen' })));
  expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  await waitFor(() => expect(offered()).toEqual(['Add Lullaby:available', 'Add Sunrise:available']));
});

test('a refused add shows the server\'s message and the song is available again; the last one leaves the empty text', async () => {
  let refuse = true;
  serve(() => (refuse ? json(403, { error: 'Only the person who made this playlist (or an admin) can change it' }) : json(201, [])));
  render(withQueries(<Harness />));
  await waitFor(() => expect(offered().length).toBe(3));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Lullaby' })));
  await waitFor(() => expect(useToastStore.getState().current?.title).toBe('Failed to add song'));
  expect(useToastStore.getState().current).toMatchObject({ description: 'Only the person who made this playlist (or an admin) can change it', variant: 'destructive' });
  expect(offered()).toContain('Add Lullaby:available');
  refuse = false;
  search('lullaby');
  await waitFor(() => expect(offered()).toEqual(['Add Lullaby:available']));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Lullaby' })));
  await waitFor(() => expect(screen.getByText('No songs found')).toBeTruthy(), { timeout: ADDED_HIDE_MS + 1000 });
});

test('a failed load says so; Try Again loads again', async () => {
  let fail = true;
  const calls = serve(() => json(201, []));
  const answer = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (fail && isPage(String(input))) throw new TypeError('Failed to fetch');
    return answer(input, init);
  }) as typeof fetch;
  render(withQueries(<Harness />));
  await waitFor(() => expect(screen.getByText('Failed to load songs')).toBeTruthy());
  fail = false;
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try Again' })));
  await waitFor(() => expect(offered().length).toBe(3));
  // The first page, then the rest of this small library.
  expect(calls.filter((c) => isPage(c.url)).map((c) => c.url)).toEqual(['/api/songs/page', '/api/songs/page?after=2&limit=500']);
});
