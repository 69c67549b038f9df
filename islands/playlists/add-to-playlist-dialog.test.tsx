import { afterEach, beforeEach, expect, test } from 'bun:test';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { PlaylistDto } from '../../src/shared/types.ts';
import { createQueryClient } from '../app/query-client.ts';
import { useToastStore } from '../ui/toast-store.ts';
import { Toaster } from '../ui/toaster.tsx';
import { ADD_CLOSE_MS, AddToPlaylistDialog } from './add-to-playlist-dialog.tsx';
import { playlistDto } from '../../src/testing/dto-builders.ts';

const realFetch = globalThis.fetch;
const song = { id: 7, title: 'Hush Little Baby' };
let playlists: PlaylistDto[] = [];
let requests: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  playlists = [];
  requests = [];
  // The network edge only: a tiny stand-in for the playlists API.
  globalThis.fetch = (async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, path: String(input), body });
    if (method === 'GET' && String(input).startsWith('/api/playlists/containing/')) return Response.json({ playlistIds: [] });
    if (method === 'GET') return Response.json(playlists);
    if (String(input) === '/api/playlists') {
      const created = playlistDto({ id: 40 + playlists.length, name: body.name, shareId: 'p' });
      playlists = [...playlists, created];
      return Response.json(created);
    }
    // POST /api/playlists/:id/songs answers the playlist's songs.
    return Response.json([]);
  }) as unknown as typeof fetch;
});

afterEach(() => {
  cleanup();
  useToastStore.getState().dismiss();
  globalThis.fetch = realFetch;
});

/** The dialog as a list offers it: open for a song until onClose, reopenable. */
function Harness({ onClose }: { onClose?: () => void }) {
  const [client] = useState(createQueryClient);
  const [open, setOpen] = useState(true);
  return (
    <QueryClientProvider client={client}>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <AddToPlaylistDialog
        song={open ? song : null}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      />
      <Toaster />
    </QueryClientProvider>
  );
}

const nameField = () => screen.getByPlaceholderText('Playlist name') as HTMLInputElement;
const createButton = () => screen.getByRole('button', { name: 'Create & Add' }) as HTMLButtonElement;

test('no playlists: the empty text; Create New Playlist opens the create view, Cancel returns and clears the name', async () => {
  render(<Harness />);
  expect(await screen.findByText('No playlists yet')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Create New Playlist' }));
  fireEvent.change(nameField(), { target: { value: 'Car songs' } });
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByPlaceholderText('Playlist name')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Create New Playlist' }));
  expect(nameField().value).toBe('');
});

test('a blank name disables Create & Add and Enter sends nothing', async () => {
  render(<Harness />);
  await screen.findByText('No playlists yet');
  fireEvent.click(screen.getByRole('button', { name: 'Create New Playlist' }));
  expect(createButton().disabled).toBe(true);
  fireEvent.change(nameField(), { target: { value: '   ' } });
  expect(createButton().disabled).toBe(true);
  await act(async () => fireEvent.submit(nameField().form!));
  expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  expect(nameField()).toBeTruthy();
});

test('the name is sent as typed, then the song is added, marked and the dialog closes after 1 s', async () => {
  let closed = 0;
  render(<Harness onClose={() => (closed += 1)} />);
  await screen.findByText('No playlists yet');
  fireEvent.click(screen.getByRole('button', { name: 'Create New Playlist' }));
  fireEvent.change(nameField(), { target: { value: '  Car songs ' } });
  await act(async () => fireEvent.click(createButton()));
  await screen.findByLabelText('Added');
  expect(requests.filter((r) => r.method === 'POST')).toEqual([
    { method: 'POST', path: '/api/playlists', body: { name: '  Car songs ' } },
    { method: 'POST', path: '/api/playlists/40/songs', body: { songId: 7 } },
  ]);
  // The list was refreshed after the create: the new playlist is in it, with the check.
  expect(screen.getByRole('button', { name: /Car songs/ })).toBeTruthy();
  expect(screen.getByText('Added to playlist')).toBeTruthy();
  expect(screen.getByText('"Hush Little Baby" added successfully')).toBeTruthy();
  expect(closed).toBe(0);
  await waitFor(() => expect(closed).toBe(1), { timeout: ADD_CLOSE_MS + 1000 });
});

test('the close timer is not restarted when the list re-renders the dialog meanwhile', async () => {
  playlists = [playlistDto({ id: 3, name: 'Lullabies', shareId: 's' })];
  let closed = 0;
  const { rerender } = render(<Harness onClose={() => (closed += 1)} />);
  const lullabies = await screen.findByRole('button', { name: /Lullabies/ });
  await act(async () => fireEvent.click(lullabies));
  await screen.findByLabelText('Added');
  // The library's list re-renders often (scrolling, the playing row) and hands the dialog a
  // fresh inline onClose each time; the dialog must still close 1 s after the add.
  for (let tick = 0; tick < 30 && closed === 0; tick += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, ADD_CLOSE_MS / 10)));
    rerender(<Harness onClose={() => (closed += 1)} />);
  }
  expect(closed).toBe(1);
});

test('closing resets everything: reopening shows the choose view with no check and no name', async () => {
  playlists = [playlistDto({ id: 3, name: 'Lullabies', shareId: 's' })];
  render(<Harness />);
  fireEvent.click(await screen.findByRole('button', { name: 'Create New Playlist' }));
  fireEvent.change(nameField(), { target: { value: 'Half typed' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
  expect(screen.queryByRole('dialog')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'reopen' }));
  expect(await screen.findByRole('button', { name: /Lullabies/ })).toBeTruthy();
  expect(screen.queryByPlaceholderText('Playlist name')).toBeNull();
  expect(screen.queryByLabelText('Added')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Create New Playlist' }));
  expect(nameField().value).toBe('');
});

test('a failed load says so and Try Again loads again', async () => {
  let fail = true;
  const serve = globalThis.fetch;
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    if (fail) throw new TypeError('Failed to fetch');
    return serve(input, init);
  }) as unknown as typeof fetch;
  render(<Harness />);
  expect(await screen.findByText('Failed to load playlists')).toBeTruthy();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(await screen.findByText('No playlists yet')).toBeTruthy();
});

test('errors: a server refusal shows its message, a dropped connection the fallback text', async () => {
  const serve = globalThis.fetch;
  let post: () => Promise<Response> = async () => Response.json({ error: 'Playlist name must be at most 200 characters' }, { status: 400 });
  globalThis.fetch = (async (input: string, init: RequestInit = {}) => (init.method === 'POST' ? post() : serve(input, init))) as unknown as typeof fetch;
  render(<Harness />);
  fireEvent.click(await screen.findByRole('button', { name: 'Create New Playlist' }));
  fireEvent.change(nameField(), { target: { value: 'x' } });
  await act(async () => fireEvent.click(createButton()));
  expect(await screen.findByText('Playlist name must be at most 200 characters')).toBeTruthy();
  expect(screen.getByText('Error')).toBeTruthy();
  // The create view stays, with the name, so it can be corrected.
  expect(nameField().value).toBe('x');
  post = async () => {
    throw new TypeError('Failed to fetch');
  };
  await act(async () => fireEvent.click(createButton()));
  expect(await screen.findByText('Failed to create playlist')).toBeTruthy();
});
