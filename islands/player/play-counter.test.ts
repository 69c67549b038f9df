import { expect, test } from 'bun:test';
import { type FakeAudio, fakeDeps } from './fake-audio.test-harness.ts';
import { countPlays, secondsToCount } from './play-counter.ts';
import { type Track, createPlayerStore } from './player-engine.ts';

const track = (id: number, duration: number): Track => ({ id, title: `T${id}`, artist: 'Gran', artworkUrl: null, audioUrl: `/media/songs/s${id}/a.mp3`, duration });

/** The real engine on fake audio; `listen(from, to)` plays a song second by second. */
function setup(tracks: Track[]) {
  const f = fakeDeps();
  const player = createPlayerStore(f.deps);
  const counted: number[] = [];
  countPlays(player, (id) => counted.push(id));
  const audio = () => player.playerAudio() as FakeAudio;
  const listen = (from: number, to: number, duration: number) => {
    for (let t = from; t <= to; t++) audio().progress(t, duration);
  };
  player.getState().start(tracks, 0, 'album');
  f.clock.advance(1000);
  return { player, counted, audio, listen, clock: f.clock };
}

test('half the song counts once; listening on does not count it again', () => {
  const { counted, listen } = setup([track(1, 100)]);
  listen(0, 49, 100);
  expect(counted).toEqual([]);
  listen(50, 100, 100);
  expect(counted).toEqual([1]);
});

test('a long song counts after 4 minutes; a song of 30 s or less never counts', () => {
  expect(secondsToCount(600)).toBe(240);
  const long = setup([track(2, 600)]);
  long.listen(0, 239, 600);
  expect(long.counted).toEqual([]);
  long.listen(240, 241, 600);
  expect(long.counted).toEqual([2]);
  const short = setup([track(3, 30)]);
  short.listen(0, 30, 30);
  expect(short.counted).toEqual([]);
});

test('seeking past the middle is not listening', () => {
  const { counted, listen } = setup([track(4, 100)]);
  listen(0, 10, 100);
  listen(90, 100, 100);
  expect(counted).toEqual([]);
});

test('paused time does not count; played again from the start counts again', () => {
  const { counted, listen, player, audio } = setup([track(5, 100)]);
  listen(0, 60, 100);
  expect(counted).toEqual([5]);
  player.getState().toggle(); // pause
  audio().progress(61, 100);
  player.getState().restart();
  listen(0, 60, 100);
  expect(counted).toEqual([5, 5]);
});
