import type { AudioLike, Clock } from './engine-deps.ts';

/** Fades run in 20 steps. */
const FADE_STEPS = 20;

/**
 * One volume ramp (in the listener's volume: `level` maps it onto the element) at a time on whichever element plays: starting a new fade cancels the
 * running one, so a fade-out interrupted by another click never fights the next fade.
 */
export function createFader(clock: Clock, level: { get(el: AudioLike): number; set(el: AudioLike, v: number): void } = { get: (el) => el.volume, set: (el, v) => (el.volume = v) }) {
  let timer: unknown = null;
  let target: number | null = null;
  const cancel = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    target = null;
  };
  function fade(el: AudioLike, to: number, ms: number, done?: () => void) {
    cancel();
    target = to;
    const from = level.get(el);
    let step = 0;
    const tick = () => {
      step += 1;
      level.set(el, step >= FADE_STEPS ? to : from + ((to - from) * step) / FADE_STEPS);
      if (step >= FADE_STEPS) {
        timer = null;
        target = null;
        done?.();
      } else timer = clock.setTimeout(tick, ms / FADE_STEPS);
    };
    timer = clock.setTimeout(tick, ms / FADE_STEPS);
  }
  /** Where the running fade goes, or null when none runs. */
  return { fade, cancel, target: () => target };
}
