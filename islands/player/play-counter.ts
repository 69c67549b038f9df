import type { PlayerStore } from './player-engine.ts';

/** Last.fm's rule: a song longer than 30 s counts once played for half its length or 4 minutes. */
const MIN_COUNTED_SECONDS = 30;
const COUNT_AFTER_SECONDS = 240;
// A jump larger than this between two updates is a seek (or a new load), not listening.
const MAX_STEP_SECONDS = 2;

export const secondsToCount = (duration: number) => Math.min(duration / 2, COUNT_AFTER_SECONDS);

/**
 * Counts plays as the player plays: seconds actually listened to (seeks do not count), once per
 * time a song is played through from its start; a restart or the next track begins a new play.
 */
export function countPlays(store: PlayerStore, report: (songId: number) => void): () => void {
  let songId: number | null = null;
  let listened = 0;
  let lastTime = 0;
  let counted = false;
  return store.subscribe((s) => {
    const track = s.queue[s.index];
    if (!track) {
      songId = null;
      return;
    }
    // A new song, or the same one from its start again (restart, loop): a new play.
    if (track.id !== songId || (counted && s.time < 1 && lastTime > s.time)) {
      songId = track.id;
      listened = 0;
      counted = false;
      lastTime = s.time;
      return;
    }
    const step = s.time - lastTime;
    lastTime = s.time;
    if (!s.playing || step <= 0 || step > MAX_STEP_SECONDS || counted) return;
    listened += step;
    const duration = s.duration > 0 ? s.duration : track.duration;
    if (duration > MIN_COUNTED_SECONDS && listened >= secondsToCount(duration)) {
      counted = true;
      report(track.id);
    }
  });
}
