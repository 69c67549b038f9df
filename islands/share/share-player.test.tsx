import { afterEach, beforeEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { shareEngine } from './share-engine.ts';
import { type PlayerTrack, SharePlayer } from './share-player.tsx';

// happy-dom answers '' (cannot play) for every type; a browser answers 'maybe' for mp3.
HTMLMediaElement.prototype.canPlayType = () => 'maybe';

const tracks: PlayerTrack[] = [
  { title: 'Morning', subtitle: 'Gran', audioUrl: '/media/songs/a/1.mp3', duration: 65 },
  { title: 'Noon', subtitle: 'Gran', audioUrl: '/media/songs/a/2.mp3', duration: 125 },
  { title: 'Night', subtitle: '', audioUrl: '/media/songs/a/3.mp3', duration: 5 },
];

// One engine per page: each test starts from an empty one, as a fresh page would.
beforeEach(() => shareEngine.setState({ queue: [], index: 0, context: null, playing: false, hiding: false, error: null, time: 0, duration: 0 }));
afterEach(() => {
  const el = shareEngine.playerAudio() as (HTMLAudioElement & Record<string, unknown>) | null;
  // Back to the element's own properties (the tests stand in for the browser's playback).
  if (el) for (const key of ['paused', 'currentTime']) delete el[key];
  el?.pause();
  cleanup();
});

const audio = () => shareEngine.playerAudio() as HTMLAudioElement;
const path = () => new URL(audio().src).pathname;
const current = () => document.querySelector('[aria-current="true"]')?.textContent ?? '';
/** What the browser does when the element starts or stops playing. */
function setPaused(paused: boolean) {
  Object.defineProperty(audio(), 'paused', { value: paused, configurable: true });
  act(() => void audio().dispatchEvent(new Event(paused ? 'pause' : 'play')));
}

test('a single song shows its total time as m:ss and a play button, and is cued on the engine', () => {
  render(<SharePlayer tracks={[tracks[0]!]} />);
  expect(screen.getByTestId('total').textContent).toBe('1:05');
  expect(screen.getByTestId('elapsed').textContent).toBe('0:00');
  expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  expect(screen.queryByText('Tracks')).toBeNull();
  const slider = screen.getByRole('slider', { name: 'Seek' });
  expect(['aria-valuemin', 'aria-valuemax', 'aria-valuenow'].map((a) => slider.getAttribute(a))).toEqual(['0', '100', '0']);
  expect(path()).toBe('/media/songs/a/1.mp3');
  expect(shareEngine.getState()).toMatchObject({ index: 0, context: 'library', playing: false });
});

test('progress follows the engine and the button follows play/pause', () => {
  render(<SharePlayer tracks={[tracks[1]!]} />);
  Object.defineProperty(audio(), 'currentTime', { value: 62.5, configurable: true, writable: true });
  act(() => void audio().dispatchEvent(new Event('timeupdate')));
  expect(screen.getByTestId('elapsed').textContent).toBe('1:02');
  expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('50');
  setPaused(false);
  expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  setPaused(true);
  expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
});

test('the track list highlights the current track, advances on end and stops after the last', async () => {
  render(<SharePlayer tracks={tracks} withTrackList context="album" />);
  expect(screen.getByText('Tracks')).toBeTruthy();
  expect(current()).toContain('Morning');
  expect(screen.getByTestId('current-title').textContent).toBe('Morning');
  fireEvent.click(screen.getByRole('button', { name: /Noon/ }));
  expect(current()).toContain('Noon');
  expect(shareEngine.getState().context).toBe('album');
  await waitFor(() => expect(path()).toBe('/media/songs/a/2.mp3'));
  setPaused(false);
  act(() => void audio().dispatchEvent(new Event('ended')));
  expect(current()).toContain('Night');
  expect(screen.getByTestId('total').textContent).toBe('0:05');
  expect(path()).toBe('/media/songs/a/3.mp3');
  setPaused(true);
  act(() => void audio().dispatchEvent(new Event('ended')));
  expect(current()).toContain('Night');
  expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  // The engine forgets the stopped song after its fade; the page still shows it, cued again.
  await waitFor(() => expect(shareEngine.getState().hiding).toBe(true), { timeout: 3000 });
  await waitFor(() => expect(shareEngine.getState()).toMatchObject({ index: 2, hiding: false, context: 'album' }), { timeout: 3000 });
  expect(current()).toContain('Night');
  expect(shareEngine.getState().queue).toHaveLength(3);
});

test('the keys act on the share page: N and P move between tracks, Space plays', () => {
  render(<SharePlayer tracks={tracks} withTrackList context="playlist" />);
  fireEvent.keyDown(window, { key: 'n' });
  expect(current()).toContain('Noon');
  fireEvent.keyDown(window, { key: 'P' });
  expect(current()).toContain('Morning');
  fireEvent.keyDown(window, { key: ' ' });
  expect(audio().paused).toBe(false);
});
