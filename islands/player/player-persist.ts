import type { PlayContext, PlayerStore, Track } from './player-engine.ts';

/** What plays survives a reload, paused where it was. */
export const PLAYER_KEY = 'hearthPlayer';
/** The volume set on a wide screen is remembered. */
export const VOLUME_KEY = 'hearthVolume';
/** A library queue can hold thousands of songs: keep this many on each side of the current one. */
export const SAVED_NEIGHBOURS = 100;

interface Saved {
  queue: Track[];
  index: number;
  context: PlayContext;
  time: number;
}

const CONTEXTS: readonly string[] = ['library', 'search', 'album', 'playlist'];
const isTrack = (t: unknown): t is Track =>
  typeof t === 'object' && t !== null && typeof (t as Track).id === 'number' && typeof (t as Track).title === 'string' && typeof (t as Track).audioUrl === 'string';

/** What was saved, or null when nothing (or something unreadable, e.g. from an older version) was. */
export function parseSaved(text: string | null): Saved | null {
  try {
    const v = JSON.parse(text ?? 'null') as Partial<Saved> | null;
    if (!v || !Array.isArray(v.queue) || !v.queue.every(isTrack) || typeof v.index !== 'number' || !v.queue[v.index]) return null;
    if (!CONTEXTS.includes(v.context as string) || typeof v.time !== 'number' || !(v.time >= 0)) return null;
    return v as Saved;
  } catch {
    return null;
  }
}

const snapshot = (s: ReturnType<PlayerStore['getState']>, time: number): string => {
  const lo = Math.max(0, s.index - SAVED_NEIGHBOURS);
  const saved: Saved = { queue: s.queue.slice(lo, s.index + SAVED_NEIGHBOURS + 1), index: s.index - lo, context: s.context!, time };
  return JSON.stringify(saved);
};

/**
 * Writes the queue, position and context on each change (the time every 5 s, and at pause).
 * Returns `flush`, which writes the exact position now: for a page going away mid-song.
 */
export function savePlayer(store: PlayerStore, write: (key: string, value: string | null) => void): () => void {
  let last = '';
  let volume = store.getState().volume;
  store.subscribe((s) => {
    if (s.volume !== volume) {
      volume = s.volume;
      write(VOLUME_KEY, String(volume));
    }
    const track = s.queue[s.index];
    if (!track || !s.context) {
      if (last) write(PLAYER_KEY, null);
      last = '';
      return;
    }
    const key = `${track.id}|${s.index}|${s.context}|${Math.floor(s.time / 5)}|${s.playing}|${s.queue.length}`;
    if (key === last) return;
    last = key;
    write(PLAYER_KEY, snapshot(s, Math.floor(s.time)));
  });
  return () => {
    const s = store.getState();
    const el = store.playerAudio();
    if (!s.queue[s.index] || !s.context) return;
    write(PLAYER_KEY, snapshot(s, Math.round((el && Number.isFinite(el.currentTime) ? el.currentTime : s.time) * 10) / 10));
  };
}

/** Cues the saved song, paused at its saved time (after hydration, so the first render matches the server's). */
export function restorePlayer(store: PlayerStore, read: (key: string) => string | null) {
  const volume = Number.parseFloat(read(VOLUME_KEY) ?? '');
  if (volume >= 0 && volume <= 1) store.getState().setVolume(volume);
  const saved = parseSaved(read(PLAYER_KEY));
  if (saved) store.getState().cue(saved.queue, saved.index, saved.context, saved.time);
}
