import type { AudioLike, Clock, EngineDeps } from './engine-deps.ts';

/** An HTMLAudioElement-shaped object for the engine's unit tests: events are fired by hand. */
export class FakeAudio extends EventTarget implements AudioLike {
  src = '';
  currentTime = 0;
  volume = 1;
  preload = '';
  duration = Number.NaN;
  paused = true;
  error: { code: number } | null = null;
  loads = 0;
  /** Set to make the next play() reject, as a browser blocking autoplay does. */
  blockPlay = false;
  play() {
    if (this.blockPlay) return Promise.reject(new DOMException('blocked', 'NotAllowedError'));
    this.paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  load() {
    this.loads += 1;
  }
  canPlayType(type: string) {
    return type === 'audio/flac' ? '' : 'maybe';
  }
  /** The browser reached `seconds` of a track `duration` long. */
  progress(seconds: number, duration: number) {
    this.duration = duration;
    this.currentTime = seconds;
    this.dispatchEvent(new Event('timeupdate'));
  }
  end() {
    this.paused = true;
    this.dispatchEvent(new Event('ended'));
  }
  fail(code: number) {
    this.error = { code };
    this.paused = true;
    this.dispatchEvent(new Event('error'));
  }
}

/** A clock whose time moves only when the test says so. */
export class FakeClock implements Clock {
  now = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private seq = 0;
  setTimeout(fn: () => void, ms: number) {
    this.timers.set(++this.seq, { at: this.now + ms, fn });
    return this.seq;
  }
  clearTimeout(id: unknown) {
    this.timers.delete(id as number);
  }
  /** Moves time forward, running due timers in order (including ones they schedule). */
  advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.now = due[1].at;
      due[1].fn();
    }
    this.now = end;
  }
}

/** Engine parts for a test: every created element, the toasts, a settable probe and connection. */
export function fakeDeps() {
  const clock = new FakeClock();
  const audios: FakeAudio[] = [];
  const toasts: string[] = [];
  const probes: string[] = [];
  let visibility: (hidden: boolean) => void = () => {};
  /** Each element's gain-node boost, as far as one was asked for. */
  const boosts = new Map<EngineDeps['createAudio'] extends () => infer A ? A : never, number>();
  const deps: EngineDeps & { probeOk: boolean; prefetchOk: boolean } = {
    probeOk: true,
    prefetchOk: true,
    clock,
    createAudio: () => {
      const a = new FakeAudio();
      audios.push(a);
      return a;
    },
    probe: async (url) => {
      probes.push(url);
      return deps.probeOk;
    },
    canPrefetch: () => deps.prefetchOk,
    notify: (t) => toasts.push(`${t.title}: ${t.description}`),
    onVisibility: (fn) => (visibility = fn),
    boost: (el, factor) => {
      if (factor > 1 || boosts.has(el)) boosts.set(el, factor);
    },
  };
  return { deps, clock, audios, toasts, probes, boosts, setHidden: (hidden: boolean) => visibility(hidden) };
}
