import { expect, test } from 'bun:test';
import { type FakeAudio, fakeDeps } from './fake-audio.test-harness.ts';
import { type Track, createPlayerStore } from './player-engine.ts';
import { PLAYER_KEY, SAVED_NEIGHBOURS, VOLUME_KEY, parseSaved, restorePlayer, savePlayer } from './player-persist.ts';

const track = (id: number): Track => ({ id, title: `T${id}`, artist: null, artworkUrl: null, audioUrl: `/media/songs/s${id}/a.mp3`, duration: 60 });

function setup() {
  const storage = new Map<string, string>();
  const f = fakeDeps();
  const player = createPlayerStore(f.deps);
  savePlayer(player, (k, v) => (v === null ? storage.delete(k) : storage.set(k, v)));
  return { ...f, player, storage, audio: () => player.playerAudio() as FakeAudio };
}

test('queue, position and context survive a reload, paused at the saved time', () => {
  const a = setup();
  a.player.getState().start([track(1), track(2), track(3)], 1, 'album');
  a.audio().progress(42.7, 60);
  a.audio().pause();
  const b = setup();
  restorePlayer(b.player, (k) => a.storage.get(k) ?? null);
  expect(b.player.getState()).toMatchObject({ index: 1, context: 'album', time: 42, playing: false });
  expect(b.player.getState().queue.map((t) => t.id)).toEqual([1, 2, 3]);
  expect(b.audio().paused).toBe(true);
  expect(b.audio().currentTime).toBe(42);
  expect(new URL(b.audio().src, 'http://x').pathname).toBe('/media/songs/s2/a.mp3');
  b.player.getState().toggle();
  expect(b.audio().paused).toBe(false);
  expect(b.audio().currentTime).toBe(42);
});

test('a long queue is saved around the current song; a cleared player removes the save', () => {
  const a = setup();
  const many = Array.from({ length: 1000 }, (_, i) => track(i + 1));
  a.player.getState().start(many, 500, 'library');
  const saved = parseSaved(a.storage.get(PLAYER_KEY)!)!;
  expect(saved.queue).toHaveLength(2 * SAVED_NEIGHBOURS + 1);
  expect(saved.queue[saved.index]!.id).toBe(501);
  a.audio().end();
  a.clock.advance(2000);
  expect(a.storage.has(PLAYER_KEY)).toBe(false);
});

test('unreadable saves are ignored; a restore never replaces a song already playing', () => {
  for (const bad of [null, '{', '{"queue":[],"index":0,"context":"album","time":0}', '{"queue":[{"id":1}],"index":0,"context":"album","time":0}']) expect(parseSaved(bad)).toBeNull();
  const a = setup();
  a.player.getState().start([track(7)], 0, 'search');
  a.player.getState().cue([track(1)], 0, 'album', 3);
  expect(a.player.getState()).toMatchObject({ context: 'search', queue: [track(7)] });
});

test('the volume is remembered; an unreadable one is ignored', () => {
  const a = setup();
  a.player.getState().setVolume(0.3);
  expect(a.storage.get(VOLUME_KEY)).toBe('0.3');
  const b = setup();
  restorePlayer(b.player, (k) => a.storage.get(k) ?? null);
  expect(b.player.getState().volume).toBe(0.3);
  const c = setup();
  restorePlayer(c.player, (k) => (k === VOLUME_KEY ? 'loud' : null));
  expect(c.player.getState().volume).toBe(1);
});
