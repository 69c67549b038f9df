import { afterEach, beforeEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SongDto, UserDto } from '../../src/shared/types.ts';
import { AppShell } from '../app/app-shell.tsx';
import { usePlayer } from '../player/player-store.ts';
import { SEARCH_DEBOUNCE_MS } from './use-search.ts';
import { songDto } from '../../src/testing/dto-builders.ts';

const user: UserDto = { id: 1, username: 'mum', isAdmin: false, displayPreference: 'nothing' };
const realFetch = globalThis.fetch;

/** Each search request waits until the test answers it, so answers can arrive out of order. */
let pending: { q: string; answer: (songs: SongDto[]) => void }[] = [];

const song = (id: number, title: string): SongDto => songDto({ id, title, artist: 'Gran', audioUrl: `/media/${id}.mp3`, duration: 60 });

beforeEach(() => {
  pending = [];
  window.history.replaceState(null, '', '/search');
  globalThis.fetch = ((input: string) => {
    const url = new URL(input, 'http://x');
    if (url.pathname !== '/api/search') return Promise.resolve(Response.json([]));
    return new Promise<Response>((resolve) => {
      pending.push({ q: url.searchParams.get('q')!, answer: (songs) => resolve(Response.json({ songs })) });
    });
  }) as unknown as typeof fetch;
});

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const box = () => screen.getByPlaceholderText('Search music...') as HTMLInputElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50)));

test('an empty or blank box asks for typing and sends nothing', async () => {
  render(<AppShell user={user} initialPath="/search" />);
  expect(screen.getByText('Start typing to search')).toBeTruthy();
  expect(document.activeElement).toBe(box());
  type('   ');
  await settle();
  expect(screen.getByText('Start typing to search')).toBeTruthy();
  expect(pending).toEqual([]);
});

test('typing is debounced: one request for the last text, trimmed, and the address keeps it', async () => {
  const entries = window.history.length;
  render(<AppShell user={user} initialPath="/search" />);
  type('l');
  type('lu');
  type(' lul ');
  expect(pending).toEqual([]);
  await settle();
  expect(pending.map((p) => p.q)).toEqual(['lul']);
  await act(async () => pending[0]!.answer([song(1, 'Lullaby'), song(2, 'Lull')]));
  expect(await screen.findByRole('heading', { name: 'Music 2' })).toBeTruthy();
  expect(new URLSearchParams(window.location.search).get('q')).toBe(' lul ');
  expect(window.history.length).toBe(entries);
});

test('a newer query supersedes an older answer that arrives late', async () => {
  render(<AppShell user={user} initialPath="/search" />);
  type('lul');
  await settle();
  type('lull');
  await settle();
  expect(pending.map((p) => p.q)).toEqual(['lul', 'lull']);
  await act(async () => pending[1]!.answer([song(2, 'Lull')]));
  await screen.findByText('Lull');
  await act(async () => pending[0]!.answer([song(1, 'Stale Lullaby'), song(2, 'Lull')]));
  await settle();
  expect(screen.queryByText('Stale Lullaby')).toBeNull();
  expect(screen.getByRole('heading', { name: 'Music 1' })).toBeTruthy();
});

test('while the next answer is on its way the last one stays, marked busy; no results names the answered query', async () => {
  render(<AppShell user={user} initialPath="/search" />);
  type('lul');
  await settle();
  await act(async () => pending[0]!.answer([song(1, 'Lullaby')]));
  await screen.findByText('Lullaby');
  type('lulx');
  await settle();
  // Still the last hits (no blank flash), busy until the answer for 'lulx' comes.
  expect(screen.getByText('Lullaby')).toBeTruthy();
  expect(screen.getByRole('region', { name: /Music/ }).getAttribute('aria-busy')).toBe('true');
  await act(async () => pending[1]!.answer([]));
  expect(await screen.findByText('No results found for "lulx"')).toBeTruthy();
  // Emptying the box forgets the hits: the next query starts from the loading rows.
  type('');
  expect(screen.getByText('Start typing to search')).toBeTruthy();
  await settle();
  type('hush');
  await settle();
  expect(screen.getByRole('status', { name: 'Searching' })).toBeTruthy();
  expect(screen.queryByText('Lullaby')).toBeNull();
});

test('a reload with ?q= searches at once for it', async () => {
  window.history.replaceState(null, '', '/search?q=hush');
  render(<AppShell user={user} initialPath="/search" />);
  expect(box().value).toBe('hush');
  await waitFor(() => expect(pending.map((p) => p.q)).toEqual(['hush']));
});

test('clicking a hit plays it within the results (context search)', async () => {
  render(<AppShell user={user} initialPath="/search" />);
  type('lul');
  await settle();
  await act(async () => pending[0]!.answer([song(1, 'Lullaby'), song(2, 'Lull')]));
  await screen.findByText('Lull');
  const hit = screen.getByText('Lull').closest('button')!;
  await act(async () => fireEvent.click(hit));
  const player = usePlayer.getState();
  expect([player.context, player.index, player.queue.map((track) => track.title)]).toEqual(['search', 1, ['Lullaby', 'Lull']]);
});

test("Enter (the keyboard's Search key) searches at once, without the debounce", async () => {
  render(<AppShell user={user} initialPath="/search" />);
  type('hush');
  fireEvent.keyDown(box(), { key: 'Enter' });
  await waitFor(() => expect(pending.map((p) => p.q)).toEqual(['hush']), { timeout: SEARCH_DEBOUNCE_MS / 2 });
});
