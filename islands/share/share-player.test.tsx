import { afterEach, expect, test } from 'bun:test';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type PlayerTrack, SharePlayer } from './share-player.tsx';

afterEach(cleanup);

const tracks: PlayerTrack[] = [
  { title: 'Morning', subtitle: 'Gran', audioUrl: '/media/songs/a/1.mp3', duration: 65 },
  { title: 'Noon', subtitle: 'Gran', audioUrl: '/media/songs/a/2.mp3', duration: 125 },
  { title: 'Night', subtitle: '', audioUrl: '/media/songs/a/3.mp3', duration: 5 },
];

const audio = () => screen.getByTestId('share-audio') as HTMLAudioElement;
const current = () => document.querySelector('[aria-current="true"]')?.textContent ?? '';

test('a single song shows its total time as m:ss and a play button', () => {
  render(<SharePlayer tracks={[tracks[0]!]} />);
  expect(screen.getByTestId('total').textContent).toBe('1:05');
  expect(screen.getByTestId('elapsed').textContent).toBe('0:00');
  expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  expect(screen.queryByText('Tracks')).toBeNull();
  const slider = screen.getByRole('slider', { name: 'Seek' });
  expect(['aria-valuemin', 'aria-valuemax', 'aria-valuenow'].map((a) => slider.getAttribute(a))).toEqual(['0', '100', '0']);
});

test('progress follows the audio element and the button follows play/pause', () => {
  render(<SharePlayer tracks={[tracks[1]!]} />);
  Object.defineProperty(audio(), 'currentTime', { value: 62.5, configurable: true });
  fireEvent.timeUpdate(audio());
  expect(screen.getByTestId('elapsed').textContent).toBe('1:02');
  expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('50');
  fireEvent.play(audio());
  expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  fireEvent.pause(audio());
  expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
});

test('the track list highlights the current track, advances on end and stops after the last', () => {
  render(<SharePlayer tracks={tracks} withTrackList />);
  expect(screen.getByText('Tracks')).toBeTruthy();
  expect(current()).toContain('Morning');
  expect(screen.getByTestId('current-title').textContent).toBe('Morning');
  fireEvent.click(screen.getByRole('button', { name: /Noon/ }));
  expect(current()).toContain('Noon');
  expect(audio().getAttribute('src')).toBe('/media/songs/a/2.mp3');
  fireEvent.ended(audio());
  expect(current()).toContain('Night');
  expect(screen.getByTestId('total').textContent).toBe('0:05');
  fireEvent.play(audio());
  fireEvent.ended(audio());
  expect(current()).toContain('Night');
  expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
});
