import { expect, test } from 'bun:test';
import { type FakeAudio, fakeDeps } from './fake-audio.test-harness.ts';
import { FADE, HIDE_FADE_MS, HIDE_WAIT_MS, type Track, createPlayerStore, hasNext, hasPrevious } from './player-engine.ts';

const track = (id: number, ext = 'mp3'): Track => ({ id, title: `T${id}`, artist: 'Gran', artworkUrl: null, audioUrl: `/media/songs/s${id}/a.${ext}`, duration: 60 });
const list = [track(1), track(2), track(3)];
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup() {
  const f = fakeDeps();
  const player = createPlayerStore(f.deps);
  const audio = () => player.playerAudio() as FakeAudio;
  const path = () => new URL(audio().src, 'http://x').pathname;
  return { ...f, player, audio, path };
}

test('start sets queue, index and context and fades the first song in over 500 ms in 20 steps', () => {
  const { player, audio, path, clock } = setup();
  player.getState().start(list, 1, 'library');
  expect(player.getState()).toMatchObject({ queue: list, index: 1, context: 'library', playing: true });
  expect(path()).toBe('/media/songs/s2/a.mp3');
  expect(audio().volume).toBe(0);
  clock.advance(FADE.in / 20);
  expect(audio().volume).toBeCloseTo(0.05);
  clock.advance(FADE.in - FADE.in / 20 - 1);
  expect(audio().volume).toBeLessThan(1);
  clock.advance(1);
  expect(audio().volume).toBe(1);
});

test('previous and next exist only with a neighbour', () => {
  const { player, clock, path } = setup();
  player.getState().start(list, 0, 'album');
  expect([hasPrevious(player.getState()), hasNext(player.getState())]).toEqual([false, true]);
  player.getState().previous();
  expect(player.getState().index).toBe(0);
  player.getState().next();
  player.getState().next();
  clock.advance(1000);
  expect(player.getState().index).toBe(2);
  expect(path()).toBe('/media/songs/s3/a.mp3');
  expect([hasPrevious(player.getState()), hasNext(player.getState())]).toEqual([true, false]);
  player.getState().next();
  expect(player.getState().index).toBe(2);
});

test('a listener\'s track change fades the old out over 250 ms, then the new in over 400 ms', () => {
  const { player, clock, audio, path } = setup();
  player.getState().start(list, 0, 'library');
  clock.advance(FADE.in);
  player.getState().start(list, 2, 'library');
  expect(path()).toBe('/media/songs/s1/a.mp3');
  clock.advance(FADE.changeOut - 1);
  expect(audio().volume).toBeGreaterThan(0);
  expect(path()).toBe('/media/songs/s1/a.mp3');
  clock.advance(1);
  expect(path()).toBe('/media/songs/s3/a.mp3');
  clock.advance(FADE.changeIn - 1);
  expect(audio().volume).toBeLessThan(1);
  clock.advance(1);
  expect(audio().volume).toBe(1);
});

test('rapid starts end on the last one, on one element, never two sources at once', () => {
  const { player, clock, audios, path } = setup();
  player.getState().start(list, 0, 'library');
  clock.advance(FADE.in);
  player.getState().start(list, 1, 'library');
  clock.advance(100);
  player.getState().start(list, 2, 'library');
  clock.advance(2000);
  expect(player.getState().index).toBe(2);
  expect(path()).toBe('/media/songs/s3/a.mp3');
  expect(audios.filter((a) => !a.paused)).toHaveLength(1);
  expect(audios).toHaveLength(1);
});

test('album and playlist advance at a natural end without fading, and stop after the last', () => {
  for (const context of ['album', 'playlist'] as const) {
    const { player, clock, audio, path } = setup();
    player.getState().start(list, 1, context);
    clock.advance(FADE.in);
    audio().end();
    expect(player.getState().index).toBe(2);
    expect(path()).toBe('/media/songs/s3/a.mp3');
    expect(audio().volume).toBe(1);
    expect(player.getState().playing).toBe(true);
    audio().end();
    expect(player.getState()).toMatchObject({ index: 2, playing: false });
  }
});

test('library and search stop at the end; loop restarts the song', () => {
  for (const context of ['library', 'search'] as const) {
    const { player, audio } = setup();
    player.getState().start(list, 0, context);
    audio().end();
    expect(player.getState()).toMatchObject({ index: 0, playing: false });
  }
  const { player, audio } = setup();
  player.getState().start(list, 0, 'album');
  player.getState().setLoop(true);
  audio().progress(59, 60);
  audio().end();
  expect(player.getState()).toMatchObject({ index: 0, playing: true });
  expect(audio().currentTime).toBe(0);
});

test('after a stop the bar waits 1 s, fades 0.5 s, then clears the song', () => {
  const { player, clock, audio } = setup();
  player.getState().start(list, 0, 'library');
  audio().end();
  clock.advance(HIDE_WAIT_MS - 1);
  expect(player.getState().hiding).toBe(false);
  clock.advance(1);
  expect(player.getState().hiding).toBe(true);
  expect(player.getState().queue).toBe(list);
  clock.advance(HIDE_FADE_MS);
  expect(player.getState()).toMatchObject({ queue: [], context: null, hiding: false });
});

test('a song started during the hide is not cleared', () => {
  const { player, clock, audio } = setup();
  player.getState().start(list, 0, 'library');
  audio().end();
  clock.advance(HIDE_WAIT_MS + 100);
  player.getState().start(list, 1, 'search');
  clock.advance(5000);
  expect(player.getState()).toMatchObject({ index: 1, context: 'search', hiding: false, queue: list });
});

test('toggle fades out over 500 ms then pauses, and fades back in', () => {
  const { player, clock, audio } = setup();
  player.getState().start(list, 0, 'library');
  clock.advance(FADE.in);
  player.getState().toggle();
  clock.advance(FADE.out - 1);
  expect(audio().paused).toBe(false);
  clock.advance(1);
  expect(audio().paused).toBe(true);
  expect(player.getState().playing).toBe(false);
  player.getState().toggle();
  expect(player.getState().playing).toBe(true);
  clock.advance(FADE.in);
  expect(audio().volume).toBe(1);
});

test('autoplay blocked: the song stays loaded and paused at full volume', async () => {
  const { player, deps, audio, path } = setup();
  const orig = deps.createAudio;
  deps.createAudio = () => Object.assign(orig(), { blockPlay: true });
  player.getState().start(list, 0, 'library');
  await flush();
  expect(path()).toBe('/media/songs/s1/a.mp3');
  expect(player.getState().playing).toBe(false);
  expect(audio().volume).toBe(1);
});

test('a server failure (probe fails) retries after 500 then 1000 ms, then Connection Problem', async () => {
  const { player, clock, audio, deps, toasts, probes } = setup();
  deps.probeOk = false;
  player.getState().start(list, 0, 'library');
  audio().fail(4);
  await flush();
  expect(probes).toEqual(['/media/songs/s1/a.mp3']);
  const before = audio().src;
  audio().src = '';
  clock.advance(499);
  expect(audio().src).toBe('');
  clock.advance(1);
  expect(audio().src).toBe(before);
  audio().fail(4);
  await flush();
  clock.advance(999);
  audio().src = '';
  clock.advance(1);
  expect(audio().src).toBe(before);
  expect(toasts).toEqual([]);
  audio().fail(2);
  await flush();
  clock.advance(5000);
  expect(toasts).toEqual(['Connection Problem: Unable to load the song. Please check your internet connection and try again.']);
  expect(player.getState().error).toBe('Failed to load audio after 3 attempts');
});

test('a decode failure (the server answers the probe) is Format Not Supported, with no retry', async () => {
  const { player, clock, audio, toasts } = setup();
  player.getState().start(list, 0, 'library');
  audio().fail(3);
  await flush();
  audio().src = '';
  clock.advance(5000);
  expect(audio().src).toBe('');
  expect(toasts).toEqual(['Format Not Supported: This audio format is not supported by your browser. Please try a different song.']);
  expect(player.getState().error).toBe('File is corrupted or codec not supported');
});

test('an aborted load is Playback Cancelled; a codec the browser refuses never loads', async () => {
  const a = setup();
  a.player.getState().start(list, 0, 'library');
  a.audio().fail(1);
  expect(a.toasts).toEqual(['Playback Cancelled: Playback was interrupted. Tap play to try again.']);
  const b = setup();
  b.player.getState().start([track(9, 'flac')], 0, 'library');
  expect(b.audio().src).toBe('');
  expect(b.toasts).toEqual(['Format Not Supported: This audio format is not supported by your browser. Please try a different song.']);
  expect(b.player.getState().error).toBe('Audio codec not supported by this browser');
  const c = setup();
  c.player.getState().start([track(9, 'xyz')], 0, 'library');
  expect(c.path()).toBe('/media/songs/s9/a.xyz');
});

test('a hidden page never pauses; on return it resumes if it had been playing', () => {
  const { player, audio, setHidden } = setup();
  player.getState().start(list, 0, 'library');
  setHidden(true);
  expect(audio().paused).toBe(false);
  audio().pause(); // the system paused it (e.g. a call)
  setHidden(false);
  expect(audio().paused).toBe(false);
  audio().pause();
  setHidden(true);
  setHidden(false);
  expect(audio().paused).toBe(true);
});

test('beyond 50 % in album context the next track is fetched ahead and then plays from that element', () => {
  const { player, audio, audios } = setup();
  player.getState().start(list, 0, 'album');
  const first = audio();
  first.progress(30, 60);
  expect(audios).toHaveLength(1);
  first.progress(31, 60);
  expect(audios).toHaveLength(2);
  expect(new URL(audios[1]!.src, 'http://x').pathname).toBe('/media/songs/s2/a.mp3');
  expect(audios[1]!.loads).toBe(1);
  first.end();
  expect(audio()).toBe(audios[1]!);
  expect(audio().paused).toBe(false);
  expect(first.paused).toBe(true);
  expect(player.getState()).toMatchObject({ index: 1, playing: true });
});

test('no prefetch in library or search context, on the last track, or on a slow or data-saving connection', () => {
  for (const [context, index, ok] of [['library', 0, true], ['search', 0, true], ['album', 2, true], ['playlist', 0, false]] as const) {
    const { player, audio, audios, deps } = setup();
    deps.prefetchOk = ok;
    player.getState().start(list, index, context);
    audio().progress(50, 60);
    expect(audios).toHaveLength(1);
  }
});

test('fades rise to the listener\'s volume; a change applies at once but never stops a fade-out', () => {
  const { player, clock, audio } = setup();
  player.getState().setVolume(0.4);
  player.getState().start(list, 0, 'library');
  clock.advance(FADE.in);
  expect(audio().volume).toBeCloseTo(0.4);
  player.getState().setVolume(0.8);
  expect(audio().volume).toBe(0.8);
  player.getState().toggle();
  clock.advance(100);
  player.getState().setVolume(0.5);
  clock.advance(FADE.out);
  expect(audio().paused).toBe(true);
  player.getState().setVolume(2);
  expect(player.getState().volume).toBe(1);
});

test('after a failed load, play tries the song again from the start', async () => {
  const { player, audio, toasts } = setup();
  player.getState().start(list, 0, 'library');
  audio().fail(3);
  await flush();
  expect(toasts).toHaveLength(1);
  audio().src = '';
  player.getState().toggle();
  expect(player.getState().error).toBeNull();
  expect(new URL(audio().src, 'http://x').pathname).toBe('/media/songs/s1/a.mp3');
  expect(audio().paused).toBe(false);
});

test('a cued (restored) song that fails to load is dropped without a toast or a retry', async () => {
  const { player, audio, clock, toasts } = setup();
  player.getState().cue(list, 1, 'album', 12);
  audio().fail(4);
  await flush();
  clock.advance(5000);
  expect(toasts).toEqual([]);
  expect(audio().paused).toBe(true);
  expect(player.getState()).toMatchObject({ queue: [], context: null });
});

test('once a cued song is played, its failures are reported as usual', async () => {
  const { player, audio, toasts } = setup();
  player.getState().cue(list, 1, 'album', 12);
  player.getState().toggle();
  audio().fail(3);
  await flush();
  expect(toasts).toHaveLength(1);
  expect(player.getState().queue).toBe(list);
});

test('loudness: a cut multiplies the listener volume, a boost goes to a gain node only when needed', () => {
  const { player, audio, clock, boosts } = setup();
  // -12 dB track gain (a loud master), -3 dB album gain; a quiet song boosted +6 dB.
  const loud: Track = { ...track(1), trackGain: -12, albumGain: -3, trackPeak: 1, albumPeak: 1 };
  const quiet: Track = { ...track(2), trackGain: 6, albumGain: 6, trackPeak: 0.1, albumPeak: 0.1 };
  player.getState().setVolume(0.5);
  player.getState().start([loud, quiet], 0, 'library');
  clock.advance(FADE.in);
  expect(audio().volume).toBeCloseTo(0.5 * 10 ** (-12 / 20), 6);
  expect(boosts.size).toBe(0);
  player.getState().setVolume(1);
  expect(audio().volume).toBeCloseTo(10 ** (-12 / 20), 6);
  // In album context, auto takes the album gain.
  player.getState().start([loud, quiet], 0, 'album');
  clock.advance(1000);
  expect(audio().volume).toBeCloseTo(10 ** (-3 / 20), 6);
  player.getState().next();
  clock.advance(1000);
  expect(audio().volume).toBe(1);
  expect(boosts.get(audio())).toBeCloseTo(10 ** (6 / 20), 6);
  // Off: the song at its own level, the node back to 1; the element at the listener's volume.
  player.getState().setNormalisation('off');
  expect(boosts.get(audio())).toBe(1);
  expect(audio().volume).toBe(1);
  player.getState().previous();
  clock.advance(1000);
  expect(audio().volume).toBe(1);
  // Track: the track gain even in an album.
  player.getState().setNormalisation('track');
  expect(audio().volume).toBeCloseTo(10 ** (-12 / 20), 6);
});
