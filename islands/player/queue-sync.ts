import { create } from 'zustand';
import type { PlayQueueDto, PlayQueueSave } from '../../src/shared/types.ts';
import { isLongSong } from '../../src/shared/continue-listening.ts';
import type { bookmarksApi } from '../lib/api/bookmarks.ts';
import { playQueueApi } from '../lib/api/play-queue.ts';
import { ApiError } from '../lib/api/request.ts';
import type { PlayContext, PlayerStore, Track } from './player-engine.ts';
import { SAVED_NEIGHBOURS } from './player-persist.ts';

/** This browser's name for the server's queue ("Chrome on Linux (3fa2)"), kept once made. */
export const DEVICE_KEY = 'hearthDevice';
/** When this device last changed the server's queue, and a save still to send (made offline). */
export const QUEUE_SYNC_KEY = 'hearthQueueSync';
/** While playing, the position goes to the server this often. */
export const SYNC_EVERY_MS = 5000;

interface SyncRecord {
  updatedAt: number;
  pending: PlayQueueSave | null;
}

export interface QueueSyncDeps {
  read(key: string): string | null;
  write(key: string, value: string | null): void;
  now(): number;
  api: typeof playQueueApi;
  bookmarks: typeof bookmarksApi;
  /** Writes the local copy's exact position (player-persist's flush). */
  flushLocal(): void;
  /** False once another tab switched this browser to another member (the session cookie is theirs). */
  stillThisMember(): boolean;
}

/** A newer queue saved by another device, offered as "Continue on this device". */
export const useQueueOffer = create<{ offer: PlayQueueDto | null }>(() => ({ offer: null }));

function deviceName(read: QueueSyncDeps['read'], write: QueueSyncDeps['write']): string {
  const kept = read(DEVICE_KEY);
  if (kept) return kept;
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : '';
  const tag = Math.floor(Math.random() * 0x10000).toString(16).padStart(4, '0');
  const name = `${browser}${system ? ` on ${system}` : ''} (${tag})`;
  write(DEVICE_KEY, name);
  return name;
}

function readRecord(read: QueueSyncDeps['read']): SyncRecord {
  try {
    const v = JSON.parse(read(QUEUE_SYNC_KEY) ?? 'null') as Partial<SyncRecord> | null;
    return { updatedAt: typeof v?.updatedAt === 'number' ? v.updatedAt : 0, pending: v?.pending ?? null };
  } catch {
    return { updatedAt: 0, pending: null };
  }
}

/**
 * Keeps the person's queue on the server: saves on a track change, on pause, every 5 s while
 * playing and when the page is hidden; nothing before this page has played, so a queue restored
 * here never overwrites a newer one from another device. Offline, the last save waits for `online`.
 */
export function createQueueSync(store: PlayerStore, deps: QueueSyncDeps) {
  let device = '';
  let record: SyncRecord = { updatedAt: 0, pending: null };
  let enabled = false;
  let armed = false;
  let wasPlaying = false;
  let lastKey = '';
  let lastAt = 0;
  /** The long song playing and its latest position: kept when the listener moves to another song. */
  let long: { id: number; ms: number } | null = null;

  const keep = () => deps.write(QUEUE_SYNC_KEY, JSON.stringify(record));

  function bodyNow(exact: boolean): PlayQueueSave | null {
    const s = store.getState();
    const track = s.queue[s.index];
    if (!track || !s.context) return null;
    const el = store.playerAudio();
    // On the way out the element's own time is exact; the store's lags by up to one timeupdate.
    const seconds = exact && el && el.src.endsWith(track.audioUrl) ? el.currentTime : s.time;
    const lo = Math.max(0, s.index - SAVED_NEIGHBOURS);
    const songIds = s.queue.slice(lo, s.index + SAVED_NEIGHBOURS + 1).map((t) => t.id);
    return { songIds, index: s.index - lo, positionMs: Math.max(0, Math.round(seconds * 1000)), context: s.context, updatedAt: deps.now(), device };
  }

  /**
   * The save on its way: the next waits for it, and only the newest of those waiting goes out.
   * Two in flight could arrive swapped, and the server refuses the older one (409).
   */
  let inFlight: Promise<void> | null = null;

  function push(body: PlayQueueSave, keepalive = false): Promise<void> {
    // Stopped (unmounted, or a profile switch under way), or another tab switched this browser's
    // session to another member: send nothing then.
    if (!enabled || !deps.stillThisMember()) return Promise.resolve();
    record = { updatedAt: Math.max(record.updatedAt, body.updatedAt), pending: body };
    keep();
    // On the way out (pagehide) nothing waits.
    if (keepalive || !inFlight) return sending(send(body, keepalive));
    return inFlight.then(() => (record.pending === body ? sending(send(body, false)) : undefined));
  }

  function sending(request: Promise<void>): Promise<void> {
    inFlight = request;
    void request.finally(() => inFlight === request && (inFlight = null));
    return request;
  }

  async function send(body: PlayQueueSave, keepalive: boolean) {
    try {
      await deps.api.put(body, keepalive);
    } catch (error) {
      // A network failure keeps it for later; a refusal (a newer queue elsewhere) drops it.
      if (!(error instanceof ApiError)) return;
    }
    if (record.pending === body) {
      record = { ...record, pending: null };
      keep();
    }
  }

  function save(keepalive = false) {
    const body = bodyNow(keepalive);
    if (!body) return;
    const s = store.getState();
    lastKey = `${s.queue[s.index]!.id}|${s.index}|${s.queue.length}|${s.context}`;
    lastAt = deps.now();
    void push(body, keepalive);
    const track = s.queue[s.index]!;
    if (isLongSong(track.duration)) keepPosition(track.id, body.positionMs, keepalive);
  }

  /** Continue listening: the server forgets a position near the end (the song was finished). */
  function keepPosition(songId: number, positionMs: number, keepalive = false) {
    if (!deps.stillThisMember()) return;
    deps.bookmarks.save(songId, positionMs, keepalive).catch(() => {});
  }

  store.subscribe((s) => {
    if (!enabled) return;
    if (s.playing) armed = true;
    const paused = wasPlaying && !s.playing;
    wasPlaying = s.playing;
    const track = s.queue[s.index];
    if (!armed || !track || !s.context) return;
    if (long && long.id !== track.id) keepPosition(long.id, long.ms);
    long = isLongSong(track.duration) ? { id: track.id, ms: Math.round(s.time * 1000) } : null;
    const key = `${track.id}|${s.index}|${s.queue.length}|${s.context}`;
    if (paused || (s.playing && (key !== lastKey || deps.now() - lastAt >= SYNC_EVERY_MS))) save();
  });

  function onHide() {
    if (!enabled || !armed) return;
    deps.flushLocal();
    save(true);
  }

  /** Sends what waited offline, then offers the server's queue if another device saved it since this one last did. */
  async function check() {
    if (record.pending) await push(record.pending);
    const server = await deps.api.get().catch(() => null);
    if (!server || store.getState().playing || server.songs.length === 0 || server.device === device || server.updatedAt <= record.updatedAt) return;
    useQueueOffer.setState({ offer: server });
  }

  return {
    /**
     * Called by the signed-in app once mounted (guests and share pages never call the API); the
     * returned function stops it when the app unmounts.
     */
    enable(): () => void {
      if (enabled || typeof window === 'undefined') return () => {};
      enabled = true;
      device = deviceName(deps.read, deps.write);
      record = readRecord(deps.read);
      // Back to this page (the laptop after the phone): a queue saved elsewhere meanwhile is offered.
      const onVisibility = () => (document.visibilityState === 'hidden' ? onHide() : void check());
      const onOnline = () => record.pending && void push(record.pending);
      window.addEventListener('pagehide', onHide);
      document.addEventListener('visibilitychange', onVisibility);
      window.addEventListener('online', onOnline);
      void check();
      return () => {
        enabled = false;
        window.removeEventListener('pagehide', onHide);
        document.removeEventListener('visibilitychange', onVisibility);
        window.removeEventListener('online', onOnline);
      };
    },
    /** Before a profile switch: this member's place goes to the server now, under their session. */
    async saveNow() {
      if (!enabled || !armed) return;
      deps.flushLocal();
      const body = bodyNow(true);
      if (body) await push(body);
    },
    /**
     * Before a profile switch: nothing more goes out, so the next member's session never gets this
     * queue. Returns how to take it back if the switch is refused.
     */
    disable(): () => void {
      const was = enabled;
      enabled = false;
      return () => {
        enabled = was;
      };
    },
    /** Loads the offered queue here at its song and position, paused until the listener taps play. */
    takeOver() {
      const { offer } = useQueueOffer.getState();
      if (!offer) return;
      useQueueOffer.setState({ offer: null });
      playFrom(store, offer.songs, offer.index, offer.context ?? 'library', offer.positionMs / 1000, false);
      record = { ...record, updatedAt: offer.updatedAt };
      keep();
    },
    /** 'Not now': this offer is not made again; a later save on the other device is. */
    dismiss() {
      const { offer } = useQueueOffer.getState();
      if (!offer) return;
      useQueueOffer.setState({ offer: null });
      record = { ...record, updatedAt: offer.updatedAt };
      keep();
    },
  };
}

export type QueueSync = ReturnType<typeof createQueueSync>;

/**
 * Puts `queue[index]` at `seconds` in place of whatever is loaded (the engine's `cue` keeps a
 * current song); with `play`, plays it (the caller is a tap), else waits for Play.
 */
export function playFrom(store: PlayerStore, queue: Track[], index: number, context: PlayContext, seconds: number, play: boolean) {
  store.playerAudio()?.pause();
  store.setState({ queue: [], index: 0, playing: false });
  store.getState().cue(queue, index, context, seconds);
  if (play) store.getState().toggle();
}
