import { expect, test } from 'bun:test';
import { type FakeAudio, fakeDeps } from './fake-audio.test-harness.ts';
import { type Track, createPlayerStore } from './player-engine.ts';
import { SLEEP_FADE_MS, SLEEP_KEY, createSleepTimer, sleepLeftText } from './sleep-timer.ts';

const track = (id: number): Track => ({ id, title: `T${id}`, artist: null, artworkUrl: null, audioUrl: `/media/songs/s${id}/a.mp3`, duration: 600 });

/** A player and its sleep timer on one fake clock; `storage` stands for localStorage across reloads. */
function setup(storage = new Map<string, string>(), f = fakeDeps()) {
  const player = createPlayerStore(f.deps);
  const sleep = createSleepTimer(player, {
    clock: f.clock,
    now: () => 1_700_000_000_000 + f.clock.now,
    read: (key) => storage.get(key) ?? null,
    write: (key, value) => (value === null ? storage.delete(key) : storage.set(key, value)),
  });
  return { ...f, player, sleep, storage, audio: () => player.playerAudio() as FakeAudio };
}

/** Starts an album and lets the start's fade-in finish. */
function playing(s: ReturnType<typeof setup>) {
  s.player.getState().start([track(1), track(2)], 0, 'album');
  s.clock.advance(1000);
  expect(s.audio().volume).toBe(1);
}

test('a 5 minute timer pauses on time, after a 10 s fade, and gives the volume back', () => {
  const s = setup();
  playing(s);
  s.sleep.getState().set(5);
  expect(s.sleep.getState().secondsLeft).toBe(300);
  s.clock.advance(60_000);
  expect(s.sleep.getState().secondsLeft).toBe(240);
  s.clock.advance(240_000 - SLEEP_FADE_MS - 1);
  expect(s.audio().volume).toBe(1);
  expect(s.audio().paused).toBe(false);

  const ramp: number[] = [];
  for (let t = 0; t < SLEEP_FADE_MS; t += 1000) {
    s.clock.advance(1000);
    ramp.push(s.audio().volume);
  }
  // Down step by step towards silence, still playing until the very end.
  expect(ramp.slice(0, -1).every((v, i) => v > ramp[i + 1]! || ramp[i + 1] === 1)).toBe(true);
  expect(ramp[4]).toBeCloseTo(0.5, 1);
  expect(ramp[8]).toBeLessThan(0.15);
  s.clock.advance(1);
  expect(s.audio().paused).toBe(true);
  expect(s.player.getState().playing).toBe(false);
  expect(s.audio().volume).toBe(1);
  expect(s.sleep.getState()).toMatchObject({ choice: null, endsAt: null, secondsLeft: 0 });
  expect(s.storage.has(SLEEP_KEY)).toBe(false);
});

test('end of track fades over its last 10 s and stops at its end instead of playing the next', () => {
  const s = setup();
  playing(s);
  s.sleep.getState().set('track');
  s.audio().progress(595, 600);
  s.clock.advance(1000);
  expect(s.audio().volume).toBeCloseTo(0.5, 1);
  s.audio().end();
  expect(s.audio().paused).toBe(true);
  expect(s.player.getState().playing).toBe(false);
  expect(s.audio().volume).toBe(1);
  expect(s.sleep.getState()).toMatchObject({ choice: null, endOfTrack: false });
  // Nothing plays later either.
  s.clock.advance(5000);
  expect(s.audio().paused).toBe(true);
});

test('a timer survives a reload through its saved wall-clock deadline; one already past is dropped', () => {
  const storage = new Map<string, string>();
  const a = setup(storage);
  playing(a);
  a.sleep.getState().set(15);
  a.clock.advance(5 * 60_000);

  // The reload: a new page on the same storage, 10 minutes (on the wall clock) left.
  const b = setup(storage, (() => {
    const f = fakeDeps();
    f.clock.now = a.clock.now;
    return f;
  })());
  b.sleep.restore();
  expect(b.sleep.getState()).toMatchObject({ choice: 15, secondsLeft: 600 });
  expect(sleepLeftText(b.sleep.getState().secondsLeft)).toBe('10:00 left');
  b.player.getState().start([track(1)], 0, 'library');
  b.clock.advance(600_000);
  expect(b.audio().paused).toBe(true);
  expect(b.sleep.getState().choice).toBeNull();

  const c = setup(new Map([[SLEEP_KEY, JSON.stringify({ choice: 5, endsAt: 1_700_000_000_000 - 1, endOfTrack: false })]]));
  c.sleep.restore();
  expect(c.sleep.getState().choice).toBeNull();
});

test('turning the timer off mid-fade gives the volume back and keeps playing', () => {
  const s = setup();
  playing(s);
  s.sleep.getState().set(5);
  s.clock.advance(295_000);
  expect(s.audio().volume).toBeLessThan(0.6);
  s.sleep.getState().set(null);
  expect(s.audio().volume).toBe(1);
  s.clock.advance(60_000);
  expect(s.audio().paused).toBe(false);
});

test('a song that starts mid-fade stays dimmed, and the volume given back is that song\'s own level', () => {
  const s = setup();
  // The second song is 6 dB too loud: its element plays at half the listener's volume.
  const loud: Track = { ...track(2), trackGain: -6.0206, trackPeak: 0.5 };
  s.player.getState().setNormalisation('track');
  s.player.getState().start([track(1), loud], 0, 'album');
  s.clock.advance(1000);
  s.sleep.getState().set(5);
  s.clock.advance(295_000);
  const dimmed = s.audio().volume;
  expect(dimmed).toBeLessThan(0.6);

  // The first song ends mid-fade: the next one must not jump back up to the listener's level.
  s.audio().end();
  const loudest = () => s.audio().volume;
  for (let t = 0; t < 4000; t += 50) {
    s.clock.advance(50);
    expect(loudest()).toBeLessThan(dimmed);
  }
  s.clock.advance(1001);
  expect(s.audio().paused).toBe(true);
  expect(s.audio().volume).toBeCloseTo(0.5, 2);
});

test('end of track: skipping to the next song mid-fade plays it at the listener\'s level until its own last 10 s', () => {
  const s = setup();
  playing(s);
  s.sleep.getState().set('track');
  s.audio().progress(598, 600);
  s.clock.advance(1000);
  expect(s.audio().volume).toBeLessThan(0.3);

  // The listener skips: the timer now waits for the end of the new song, 600 s away.
  s.player.getState().next();
  s.clock.advance(1000);
  s.audio().progress(0, 600);
  s.clock.advance(2000);
  expect(s.audio().paused).toBe(false);
  expect(s.audio().volume).toBe(1);
});
