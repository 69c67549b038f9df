import { afterEach, beforeEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { SongDto, UserDto } from '../../src/shared/types.ts';
import { AppShell } from './app-shell.tsx';
import { songDto } from '../../src/testing/dto-builders.ts';

const user: UserDto = { id: 1, username: 'mum', isAdmin: false, displayPreference: 'artist' };
const realFetch = globalThis.fetch;
let served: SongDto[] = [];

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  document.documentElement.classList.remove('dark');
  // The network edge only: the library asks for its pages (/api/songs/page), one here.
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const page = new URL(String(input), 'http://hearth.test').pathname === '/api/songs/page';
    const body = page ? { songs: served, next: null, total: served.length } : served;
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
});

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const song = (title: string, artist: string | null): SongDto =>
  songDto({ id: title.length, title, artist, albumName: 'Lullabies', audioUrl: '/media/x.mp3', duration: 60 });

test('navigates between routes in place and marks the active entry', async () => {
  render(<AppShell user={user} initialPath="/playlists" />);
  // Views but the library are their own chunks: each shows once loaded.
  expect(await screen.findByRole('heading', { name: 'Playlists' })).toBeTruthy();
  const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
  const albums = sidebar.querySelector('a[href="/albums"]')!;
  await act(async () => fireEvent.click(albums));
  expect(window.location.pathname).toBe('/albums');
  expect(await screen.findByRole('heading', { name: 'Albums' })).toBeTruthy();
  expect(albums.getAttribute('aria-current')).toBe('page');
  expect(sidebar.querySelector('a[href="/playlists"]')!.getAttribute('aria-current')).toBeNull();
  const tabs = screen.getByRole('navigation', { name: 'Tabs' });
  expect([...tabs.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Library', 'Playlists', 'Albums']);
});

test('a non-admin is offered Account instead of Settings, and sees Access Denied at /admin', async () => {
  render(<AppShell user={user} initialPath="/" />);
  const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
  expect(sidebar.querySelector('a[href="/admin"]')).toBeNull();
  await act(async () => fireEvent.click(sidebar.querySelector('a[href="/account"]')!));
  // The account view is loaded when first opened.
  expect(await screen.findByRole('heading', { name: 'Account' })).toBeTruthy();
  cleanup();
  render(<AppShell user={user} initialPath="/admin" />);
  expect(await screen.findByText('You need admin privileges to access this page.')).toBeTruthy();
});

test('the library shows its spinner, then songs with the preferred subtitle, or the empty text', async () => {
  served = [song('Hush', 'Gran'), song('Sleep', null)];
  render(<AppShell user={user} initialPath="/" />);
  expect(screen.getByRole('status', { name: 'Loading songs' })).toBeTruthy();
  expect(await screen.findByText('Hush')).toBeTruthy();
  expect(screen.getByText('Gran')).toBeTruthy();
  cleanup();
  served = [];
  render(<AppShell user={user} initialPath="/" />);
  expect(await screen.findByText('No tracks yet')).toBeTruthy();
});

test('the theme toggle switches the class on <html> and stores the choice', async () => {
  render(<AppShell user={user} initialPath="/search" />);
  const toggle = await screen.findByRole('button', { name: 'Toggle theme' });
  await act(async () => fireEvent.click(toggle));
  expect(document.documentElement.classList.contains('dark')).toBe(true);
  expect(localStorage.getItem('theme')).toBe('dark');
  await act(async () => fireEvent.click(toggle));
  expect(document.documentElement.classList.contains('dark')).toBe(false);
  expect(localStorage.getItem('theme')).toBe('light');
});
