import { afterEach, expect, test } from 'bun:test';
import type { PlayQueueDto, PlayQueueSave } from '../../src/shared/types.ts';
import { ApiError } from '../lib/api/request.ts';
import { type FakeAudio, fakeDeps } from './fake-audio.test-harness.ts';
import { type Track, createPlayerStore } from './player-engine.ts';
import { DEVICE_KEY, QUEUE_SYNC_KEY, SYNC_EVERY_MS, createQueueSync, useQueueOffer } from './queue-sync.ts';

const track = (id: number, duration = 60): Track => ({ id, title: `T${id}`, artist: null, artworkUrl: null, audioUrl: `/media/songs/s${id}/a.mp3`, duration });
const EMPTY: PlayQueueDto = { songIds: [], songs: [], index: 0, positionMs: 0, context: null, updatedAt: 0, device: '' };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A player with its queue sync on a server that answers as told (`fail` per call). */
function setup(server: { queue?: PlayQueueDto; fail?: () => Error | null; answer?: () => Promise<void> } = {}, member = { current: true }) {
  const storage = new Map<string, string>();
  const f = fakeDeps();
  const player = createPlayerStore(f.deps);
  const puts: PlayQueueSave[] = [];
  const marks: [number, number][] = [];
  const reads = { count: 0 };
  const sync = createQueueSync(player, {
    read: (k) => storage.get(k) ?? null,
    write: (k, v) => (v === null ? storage.delete(k) : storage.set(k, v)),
    now: () => 1_000_000 + f.clock.now,
    flushLocal: () => {},
    stillThisMember: () => member.current,
    api: {
      get: async () => {
        reads.count++;
        return server.queue ?? EMPTY;
      },
      put: async (body) => {
        puts.push(body);
        await server.answer?.();
        const error = server.fail?.() ?? null;
        if (error) throw error;
        return undefined;
      },
    },
    bookmarks: { save: async (songId, positionMs) => void marks.push([songId, positionMs]) },
  });
  return { ...f, player, sync, storage, puts, marks, reads, audio: () => player.playerAudio() as FakeAudio };
}

afterEach(() => useQueueOffer.setState({ offer: null }));

test('once another tab switched the browser to another member, nothing is sent under their session', async () => {
  const member = { current: true };
  const a = setup({}, member);
  a.sync.enable();
  a.player.getState().start([track(1), track(2, 900)], 0, 'album');
  expect(a.puts).toHaveLength(1);
  member.current = false;
  a.clock.advance(SYNC_EVERY_MS);
  a.audio().progress(9.5, 60);
  a.player.getState().next();
  window.dispatchEvent(new Event('pagehide'));
  expect([a.puts.length, a.marks.length]).toEqual([1, 0]);
});

test('once the app unmounts (the stop enable returns), plays, leaving the page and coming back do nothing', async () => {
  const a = setup({ fail: () => new TypeError('Failed to fetch') });
  const stop = a.sync.enable();
  a.player.getState().start([track(1), track(2, 900)], 0, 'album');
  await flush();
  // The save failed on the network: it waits, and 'online' would send it again.
  expect([a.puts.length, a.storage.get(QUEUE_SYNC_KEY)?.includes('"pending":{')]).toEqual([1, true]);
  const readsBefore = a.reads.count;
  stop();
  a.player.getState().next();
  a.audio().progress(9.5, 60);
  window.dispatchEvent(new Event('pagehide'));
  window.dispatchEvent(new Event('online'));
  document.dispatchEvent(new Event('visibilitychange'));
  await flush();
  expect([a.puts.length, a.marks.length, a.reads.count - readsBefore]).toEqual([1, 0, 0]);
  stop();
});

test('a save left waiting by the network stays unsent while a profile switch is under way, even online', async () => {
  let offline = true;
  const a = setup({ fail: () => (offline ? new TypeError('Failed to fetch') : null) });
  const stop = a.sync.enable();
  a.player.getState().start([track(1), track(2)], 0, 'album');
  await flush();
  const undo = a.sync.disable();
  offline = false;
  window.dispatchEvent(new Event('online'));
  await flush();
  expect(a.puts).toHaveLength(1);
  undo();
  window.dispatchEvent(new Event('online'));
  await flush();
  expect(a.puts).toHaveLength(2);
  stop();
});

test('a switch stops the sync before its request; a refused switch takes it back', async () => {
  const a = setup();
  a.sync.enable();
  a.player.getState().start([track(1), track(2), track(3)], 0, 'album');
  a.audio().progress(1, 60);
  const undo = a.sync.disable();
  a.player.getState().next();
  a.audio().progress(1, 60);
  expect(a.puts).toHaveLength(1);
  undo();
  a.player.getState().next();
  a.audio().progress(1, 60);
  await flush();
  expect(a.puts.at(-1)).toMatchObject({ index: 2 });
});

test('saves on a track change, every 5 s while playing (not per timeupdate), and at pause', async () => {
  const a = setup();
  a.sync.enable();
  a.player.getState().start([track(1), track(2)], 0, 'album');
  expect(a.puts.map((p) => [p.songIds, p.index, p.positionMs, p.context])).toEqual([[[1, 2], 0, 0, 'album']]);
  for (let t = 1; t < 5; t++) {
    a.clock.advance(900);
    a.audio().progress(t, 60);
  }
  expect(a.puts).toHaveLength(1);
  await flush();
  a.clock.advance(SYNC_EVERY_MS);
  a.audio().progress(9.5, 60);
  expect(a.puts.at(-1)!.positionMs).toBe(9500);
  await flush();
  a.player.getState().toggle();
  a.clock.advance(600);
  expect(a.audio().paused).toBe(true);
  expect(a.puts).toHaveLength(3);
  await flush();
  a.player.getState().next();
  expect(a.puts.at(-1)).toMatchObject({ songIds: [1, 2], index: 1 });
  expect(a.puts.every((p) => p.device === a.storage.get(DEVICE_KEY))).toBe(true);
});

test('a restored queue is not saved until it plays, so it never overwrites a newer one', async () => {
  const a = setup();
  a.sync.enable();
  a.player.getState().cue([track(1)], 0, 'library', 30);
  a.audio().progress(30, 60);
  window.dispatchEvent(new Event('pagehide'));
  expect(a.puts).toEqual([]);
  a.player.getState().toggle();
  expect(a.puts.map((p) => p.positionMs)).toEqual([30_000]);
});

test('offline, the last save is kept and sent when back online; a refusal (409) drops it', async () => {
  let error: Error | null = new TypeError('Failed to fetch');
  const a = setup({ fail: () => error });
  a.sync.enable();
  a.player.getState().start([track(1)], 0, 'library');
  await flush();
  const pending = JSON.parse(a.storage.get(QUEUE_SYNC_KEY)!).pending as PlayQueueSave;
  expect(pending.songIds).toEqual([1]);
  error = null;
  window.dispatchEvent(new Event('online'));
  await flush();
  expect(a.puts.at(-1)).toEqual(pending);
  expect(JSON.parse(a.storage.get(QUEUE_SYNC_KEY)!).pending).toBeNull();

  error = new ApiError(409, 'A newer play queue was saved on another device');
  a.player.getState().next();
  a.player.getState().start([track(2)], 0, 'library');
  await flush();
  expect(JSON.parse(a.storage.get(QUEUE_SYNC_KEY)!).pending).toBeNull();
});

test('a newer queue from another device is offered; taking it cues its song at its position, paused', async () => {
  const newer: PlayQueueDto = { songIds: [7, 8], songs: [track(7), track(8)] as PlayQueueDto['songs'], index: 1, positionMs: 42_000, context: 'playlist', updatedAt: 5, device: 'Symfonium' };
  const a = setup({ queue: newer });
  a.sync.enable();
  await flush();
  await flush();
  expect(useQueueOffer.getState().offer).toEqual(newer);
  a.sync.takeOver();
  expect(a.player.getState()).toMatchObject({ index: 1, context: 'playlist', time: 42, playing: false });
  expect(a.audio().currentTime).toBe(42);
  expect(useQueueOffer.getState().offer).toBeNull();
  expect(JSON.parse(a.storage.get(QUEUE_SYNC_KEY)!).updatedAt).toBe(5);

  // Its own queue, or one older than its last save, is not offered.
  const b = setup({ queue: { ...newer, device: 'x' } });
  b.storage.set(QUEUE_SYNC_KEY, JSON.stringify({ updatedAt: 10, pending: null }));
  b.sync.enable();
  await flush();
  await flush();
  expect(useQueueOffer.getState().offer).toBeNull();
});

test('a long song keeps its position with each save and when the listener moves on', async () => {
  const a = setup();
  a.sync.enable();
  a.player.getState().start([track(1, 900), track(2, 60)], 0, 'album');
  a.clock.advance(SYNC_EVERY_MS);
  a.audio().progress(123.4, 900);
  a.player.getState().next();
  expect(a.marks).toEqual([[1, 0], [1, 123_400], [1, 123_400]]);
  a.clock.advance(SYNC_EVERY_MS);
  a.audio().progress(10, 60);
  expect(a.marks.filter(([id]) => id === 2)).toEqual([]);
});

test('back on a page that played here, a queue saved elsewhere since is offered; not while playing', async () => {
  const server: { queue?: PlayQueueDto } = {};
  const a = setup(server);
  a.sync.enable();
  a.player.getState().start([track(1)], 0, 'library');
  await flush();
  const mine = a.puts.at(-1)!;
  server.queue = { songIds: [9], songs: [track(9)] as PlayQueueDto['songs'], index: 0, positionMs: 5000, context: 'library', updatedAt: mine.updatedAt + 1, device: 'phone' };
  document.dispatchEvent(new Event('visibilitychange'));
  await flush();
  await flush();
  expect(useQueueOffer.getState().offer).toBeNull();
  a.player.getState().toggle();
  a.clock.advance(600);
  server.queue = { ...server.queue, updatedAt: a.puts.at(-1)!.updatedAt + 1 };
  document.dispatchEvent(new Event('visibilitychange'));
  await flush();
  await flush();
  expect(useQueueOffer.getState().offer?.device).toBe('phone');
});

test('saves go out one at a time: while one is on its way, only the newest of those waiting follows it', async () => {
  // A server that answers each save only when told: the first stays on its way.
  const answers: (() => void)[] = [];
  const a = setup({ answer: () => new Promise<void>((resolve) => answers.push(resolve)) });
  a.sync.enable();
  a.player.getState().start([track(1), track(2), track(3)], 0, 'album');
  expect(a.puts).toHaveLength(1);
  a.player.getState().next();
  a.player.getState().next();
  await flush();
  // Two more saves waited behind the first; neither went out beside it.
  expect(a.puts).toHaveLength(1);
  answers.shift()!();
  await flush();
  await flush();
  expect(a.puts.map((put) => put.songIds[put.index])).toEqual([1, 3]);
  answers.shift()!();
  await flush();
  expect(a.puts).toHaveLength(2);
  expect(JSON.parse(a.storage.get(QUEUE_SYNC_KEY)!).pending).toBeNull();
});
