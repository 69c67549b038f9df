import { audioSource } from '../offline/offline-cache.ts';
import { toast } from '../ui/toast-store.ts';
import { GaplessAudio, type Upcoming, gaplessFeedsNext, mediaElementOf } from './gapless-audio.ts';

/** Timers the engine runs on; injected so the unit tests can drive time by hand. */
export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** The part of HTMLAudioElement the engine uses; tests pass an object of this shape. */
export interface AudioLike extends EventTarget {
  src: string;
  currentTime: number;
  volume: number;
  preload: string;
  readonly duration: number;
  readonly paused: boolean;
  readonly error: { code: number } | null;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  canPlayType(type: string): string;
}

/** Everything outside the engine it talks to. */
export interface EngineDeps {
  createAudio(): AudioLike;
  clock: Clock;
  /** A small range request on the song's URL: true when the server answers it (so a media error was a decode failure). */
  probe(url: string): Promise<boolean>;
  /** Whether fetching ahead is worth it: not on 2g, slow connections or data-saver. */
  canPrefetch(): boolean;
  notify(t: { title: string; description: string }): void;
  /** Calls back with `hidden` whenever the page's visibility changes. */
  onVisibility(fn: (hidden: boolean) => void): void;
  /** Amplifies an element by `factor` (≥ 1) through a gain node, made only once a boost is needed. */
  boost(el: AudioLike, factor: number): void;
}

/**
 * Web Audio only for elements that need a boost: once routed through a gain node an element
 * stays so (at gain 1 when no longer needed); cuts never touch Web Audio (phones, background).
 */
function webAudioBooster(): EngineDeps['boost'] {
  let context: AudioContext | null = null;
  const nodes = new WeakMap<AudioLike, GainNode>();
  return (el, factor) => {
    let node = nodes.get(el);
    if (!node) {
      if (factor <= 1) return;
      context ??= new AudioContext();
      node = context.createGain();
      context.createMediaElementSource(mediaElementOf(el)).connect(node).connect(context.destination);
      nodes.set(el, node);
    }
    node.gain.value = factor;
    if (context?.state === 'suspended') void context.resume();
  };
}

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/**
 * The browser's parts; nothing here runs before the first song is started. Given the songs that
 * follow a song, album and playlist songs join gaplessly where the browser can.
 */
export function browserDeps(upcoming?: Upcoming): EngineDeps {
  return {
    createAudio: () => {
      // CORS mode: audio redirected to a bucket's presigned link (S3_PUBLIC_URLS) stays readable by
      // the gain stage; same-origin requests still carry the session cookie.
      const el = Object.assign(new Audio(), { crossOrigin: 'anonymous' });
      return upcoming ? new GaplessAudio(el, upcoming) : el;
    },
    clock: { setTimeout: (fn, ms) => window.setTimeout(fn, ms), clearTimeout: (id) => window.clearTimeout(id as number) },
    async probe(url) {
      try {
        const res = await fetch(audioSource(url), { headers: { Range: 'bytes=0-1' }, cache: 'no-store' });
        await res.body?.cancel();
        return res.ok;
      } catch {
        return false;
      }
    },
    canPrefetch() {
      if (gaplessFeedsNext()) return false;
      const c = (navigator as Navigator & { connection?: NetworkInformation }).connection;
      return !(c?.saveData || c?.effectiveType === '2g' || c?.effectiveType === 'slow-2g');
    },
    notify: (t) => toast({ ...t, variant: 'destructive' }),
    onVisibility(fn) {
      document.addEventListener('visibilitychange', () => fn(document.visibilityState === 'hidden'));
    },
    boost: webAudioBooster(),
  };
}
