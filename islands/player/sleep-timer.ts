import { create } from 'zustand';
import type { AudioLike, Clock } from './engine-deps.ts';
import type { PlayerStore } from './player-engine.ts';

/** The choices of the full player's 'Sleep timer' menu, in minutes (docs/product.md, Players). */
export const SLEEP_MINUTES = [5, 10, 15, 30, 45, 60] as const;
/** The music fades out over this long before the timer pauses it. */
export const SLEEP_FADE_MS = 10_000;
/** Where the timer is kept, so it survives a reload: a wall-clock deadline, or the end of the track. */
export const SLEEP_KEY = 'hearthSleepTimer';

export type SleepChoice = number | 'track' | null;

export interface SleepTimerState {
  /** What the listener chose (the menu's mark), null while off. */
  choice: SleepChoice;
  /** Wall-clock milliseconds at which playback pauses (a minutes timer), else null. */
  endsAt: number | null;
  /** Stop after this track: pauses when the playing track ends. */
  endOfTrack: boolean;
  /** Whole seconds left of a minutes timer, for the view; 0 otherwise. */
  secondsLeft: number;
  /** Minutes from now, 'track' for the end of this track, or null for off. */
  set(choice: SleepChoice): void;
}

export interface SleepTimerDeps {
  clock: Clock;
  /** Wall-clock time in ms (Date.now in the browser). */
  now(): number;
  read(key: string): string | null;
  write(key: string, value: string | null): void;
}

interface Armed {
  choice: number | 'track';
  endsAt: number | null;
  endOfTrack: boolean;
}

/** What was saved, or null (nothing, expired, or unreadable). */
function parseSaved(text: string | null, now: number): Armed | null {
  try {
    const v = JSON.parse(text ?? 'null') as Partial<Armed> | null;
    if (v?.endOfTrack === true) return { choice: 'track', endsAt: null, endOfTrack: true };
    if (typeof v?.endsAt === 'number' && v.endsAt > now && typeof v.choice === 'number') return { choice: v.choice, endsAt: v.endsAt, endOfTrack: false };
  } catch {
    // unreadable: no timer
  }
  return null;
}

/**
 * The sleep timer beside the engine: a minutes timer (a wall-clock deadline) or stop after this
 * track. Over the last 10 s it dims the player towards silence (a song starting mid-fade stays dimmed),
 * then pauses it and gives the volume back, so the next play starts at the listener's level.
 */
export function createSleepTimer(player: PlayerStore, deps: SleepTimerDeps) {
  const { clock } = deps;
  let timer: unknown = null;
  const watched = new WeakSet<AudioLike>();

  const store = create<SleepTimerState>(() => ({
    choice: null,
    endsAt: null,
    endOfTrack: false,
    secondsLeft: 0,
    set(choice) {
      arm(choice === null ? null : choice === 'track' ? { choice, endsAt: null, endOfTrack: true } : { choice, endsAt: deps.now() + choice * 60_000, endOfTrack: false });
    },
  }));

  function arm(next: Armed | null) {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    player.setDim(1);
    store.setState({ choice: next?.choice ?? null, endsAt: next?.endsAt ?? null, endOfTrack: next?.endOfTrack ?? false, secondsLeft: 0 });
    deps.write(SLEEP_KEY, next ? JSON.stringify(next) : null);
    if (next) tick();
  }

  /** Pauses whatever plays now; used at the deadline and when a track ends under 'end of track'. */
  function finish() {
    player.playerAudio()?.pause();
    arm(null);
  }

  /** Milliseconds until the timer pauses playback, or null when that moment is not known yet. */
  function msLeft(el: AudioLike | null): number | null {
    const { endsAt, endOfTrack } = store.getState();
    if (endsAt !== null) return endsAt - deps.now();
    if (endOfTrack && el && Number.isFinite(el.duration) && el.duration > 0) return (el.duration - el.currentTime) * 1000;
    return null;
  }

  function tick() {
    timer = null;
    const el = player.playerAudio();
    if (el && !watched.has(el)) {
      watched.add(el);
      // Runs after the engine's own 'ended' handler (added first): whatever it started next is paused at once.
      el.addEventListener('ended', () => store.getState().endOfTrack && finish());
    }
    const left = msLeft(el);
    if (store.getState().endsAt !== null) store.setState({ secondsLeft: Math.max(0, Math.ceil((left ?? 0) / 1000)) });
    if (left !== null && left <= 0 && store.getState().endsAt !== null) return finish();
    // The dim follows the time left, back up too: under 'end of track' a skip or a seek moves the end away.
    if (left !== null && el && !el.paused) player.setDim(Math.min(1, left / SLEEP_FADE_MS));
    // Every second, on the second (the remaining time shown); finer during the fade.
    const wait = left !== null && left <= SLEEP_FADE_MS + 1000 ? 250 : left !== null && left % 1000 > 0 ? left % 1000 : 1000;
    timer = clock.setTimeout(tick, Math.min(wait, Math.max(1, left ?? wait)));
  }

  /** Picks up a timer saved before a reload (a deadline already past is dropped). */
  function restore() {
    const saved = parseSaved(deps.read(SLEEP_KEY), deps.now());
    if (saved) arm(saved);
    else deps.write(SLEEP_KEY, null);
  }

  return Object.assign(store, { restore });
}

export type SleepTimer = ReturnType<typeof createSleepTimer>;

/** '{m}:{ss} left' for the view (docs/product.md, Players). */
export function sleepLeftText(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} left`;
}
