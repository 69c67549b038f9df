import { afterEach, beforeEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PlaylistDto, UserDto } from '../../src/shared/types.ts';
import { json, restoreFetch, stubFetch } from '../albums/dialog.test-harness.tsx';
import { AppShell } from '../app/app-shell.tsx';
import { playerAudio, usePlayer } from '../player/player-store.ts';
import { useToastStore } from '../ui/toast-store.ts';
import { playlistSummary } from './playlist-hero.tsx';
import { songDto } from '../../src/testing/dto-builders.ts';

const user: UserDto = { id: 1, username: 'kiddo', isAdmin: false, displayPreference: 'artist' };
const playlist: PlaylistDto = { id: 9, name: 'Car Songs', artworkUrl: null, shareId: 'p9', userId: 1, createdAt: '2026-01-01T00:00:00.000Z' };
const song = (id: number, title: string, duration: number) =>
  songDto({ id, title, artist: 'Gran', status: 'published', audioUrl: `/media/songs/s${id}/h.mp3`, duration });
const SONGS = [song(1, 'One', 125), song(2, 'Two', 3000), song(3, 'Three', 600)];

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  restoreFetch();
  playerAudio()?.pause();
  useToastStore.getState().dismiss();
});

test('the summary counts songs and adds up their length', () => {
  expect(playlistSummary([])).toBe('0 songs');
  expect(playlistSummary([{ duration: 42.4 }])).toBe('1 song • 42 sec');
  expect(playlistSummary(SONGS)).toBe('3 songs • 1 hr 2 min');
  expect(playlistSummary([{ duration: 600 }, { duration: 59 }])).toBe('2 songs • 10 min');
});

test('Play, Shuffle and each row play within the playlist; the playlist is remembered as last viewed', async () => {
  stubFetch(({ url }) => (url === '/api/playlists/9' ? json(200, playlist) : url === '/api/playlists/9/songs' ? json(200, SONGS) : json(200, [])));
  render(<AppShell user={user} initialPath="/playlists/9" />);
  await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Car Songs' })).toBeTruthy());
  await waitFor(() => expect(screen.getByRole('button', { name: /^Three/ })).toBeTruthy());
  expect(screen.getByTestId('playlist-summary').textContent).toBe('3 songs • 1 hr 2 min');
  expect(localStorage.getItem('lastViewedPlaylist')).toBe('9');
  await act(async () => fireEvent.click(within(screen.getByRole('region', { name: 'Playlist details' })).getByRole('button', { name: 'Play' })));
  expect(usePlayer.getState()).toMatchObject({ queue: SONGS, index: 0, context: 'playlist' });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Three/ })));
  expect(usePlayer.getState()).toMatchObject({ queue: SONGS, index: 2, context: 'playlist' });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Shuffle' })));
  const { queue, index, context } = usePlayer.getState();
  expect([index, context, queue.map((s) => s.id).sort()]).toEqual([0, 'playlist', [1, 2, 3]]);
});

test('a missing playlist says so, remembers nothing and offers no menu', async () => {
  stubFetch(() => json(404, { error: 'Playlist not found' }));
  render(<AppShell user={user} initialPath="/playlists/404" />);
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Playlist not found' })).toBeTruthy());
  expect(screen.queryByRole('button', { name: 'Playlist options' })).toBeNull();
  expect(localStorage.getItem('lastViewedPlaylist')).toBeNull();
});

test('an empty playlist says so and offers Add Songs', async () => {
  stubFetch(({ url }) => (url === '/api/playlists/9' ? json(200, playlist) : json(200, [])));
  render(<AppShell user={user} initialPath="/playlists/9" />);
  await waitFor(() => expect(screen.getByRole('heading', { name: 'No songs in this playlist' })).toBeTruthy());
  expect(screen.getByTestId('playlist-summary').textContent).toBe('0 songs');
  const details = within(screen.getByRole('region', { name: 'Playlist details' }));
  expect((details.getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(true);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Songs' })));
  expect(screen.getByRole('dialog', { name: 'Add Songs to Playlist' })).toBeTruthy();
});
