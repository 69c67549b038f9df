import { afterEach, expect, test } from 'bun:test';
import { type Track, playerAudio, usePlayer } from './player-store.ts';

const track = (id: number, title: string): Track => ({ id, title, artist: 'Gran', artworkUrl: null, audioUrl: `/media/songs/s${id}/h.mp3`, duration: 60 });
const list = [track(1, 'Morning'), track(2, 'Noon'), track(3, 'Night')];

// happy-dom answers '' (cannot play) for every type; a browser answers 'maybe' for mp3.
HTMLMediaElement.prototype.canPlayType = () => 'maybe';

afterEach(() => {
  playerAudio()?.pause();
});

test("the app's store runs on a real audio element: start sets the queue, index and context and loads the song", () => {
  usePlayer.getState().start(list, 1, 'library');
  const state = usePlayer.getState();
  expect(state.queue).toBe(list);
  expect(state.index).toBe(1);
  expect(state.context).toBe('library');
  const audio = playerAudio()!;
  expect(new URL(audio.src).pathname).toBe('/media/songs/s2/h.mp3');
  // The engine's rules (fades, supersede, retries) are tested in player-engine.test.ts.
  usePlayer.getState().start(list, 2, 'album');
  expect(playerAudio()).toBe(audio);
  expect(usePlayer.getState()).toMatchObject({ index: 2, context: 'album' });
});

test('the element\'s play and pause events drive the playing state; toggle pauses and resumes', () => {
  usePlayer.getState().start(list, 0, 'search');
  const audio = playerAudio()!;
  Object.defineProperty(audio, 'paused', { value: false, configurable: true });
  audio.dispatchEvent(new Event('play'));
  expect(usePlayer.getState().playing).toBe(true);
  Object.defineProperty(audio, 'paused', { value: true, configurable: true });
  audio.dispatchEvent(new Event('pause'));
  expect(usePlayer.getState().playing).toBe(false);
});

test('an index outside the list starts nothing', () => {
  usePlayer.getState().start(list, 0, 'library');
  usePlayer.getState().start([], 0, 'playlist');
  expect(usePlayer.getState().context).toBe('library');
});
