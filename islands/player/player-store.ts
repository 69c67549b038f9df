import { browserDeps } from './engine-deps.ts';
import { readLocal, writeLocal } from '../lib/local-setting.ts';
import { profileIsThisPage, profileKey } from '../lib/profile-scope.ts';
import { bookmarksApi } from '../lib/api/bookmarks.ts';
import { playQueueApi } from '../lib/api/play-queue.ts';
import { reportPlay } from '../listening/plays.ts';
import { connectMediaSession } from './media-session.ts';
import { countPlays } from './play-counter.ts';
import { savePlayer } from './player-persist.ts';
import { createPlayerStore } from './player-engine.ts';
import { createSleepTimer } from './sleep-timer.ts';
import { createQueueSync } from './queue-sync.ts';

export type { PlayContext, PlayerState, Track } from './player-engine.ts';
export { hasNext, hasPrevious } from './player-engine.ts';

/**
 * The app's one playback engine, created once per page on the browser's parts.
 * Screens call `usePlayer.getState().start(queue, index, context)`; nothing creates audio
 * before the first song is started.
 */
const deps = browserDeps((url) => {
  // Album and playlist songs from the one starting at `url`: these may join without a gap.
  const { queue, index, context } = usePlayer.getState();
  return (context === 'album' || context === 'playlist') && queue[index]?.audioUrl === url ? queue.slice(index) : [];
});
export const usePlayer = createPlayerStore(deps);
// Each member's queue, volume, sleep timer and queue sync are their own (a shared tablet switches between members).
const readProfile = (key: string) => readLocal(profileKey(key));
const writeProfile = (key: string, value: string | null) => writeLocal(profileKey(key), value);
/** The full player's sleep timer on the engine's clock; the mini player brings a running one back after a reload. */
export const useSleepTimer = createSleepTimer(usePlayer, { clock: deps.clock, now: () => Date.now(), read: readProfile, write: writeProfile });

if (typeof navigator !== 'undefined' && 'mediaSession' in navigator) connectMediaSession(usePlayer, navigator.mediaSession);
const flushLocal = typeof window !== 'undefined' ? savePlayer(usePlayer, writeProfile) : () => {};
/** The queue on the server (other devices, phone apps): enabled by the signed-in app. */
export const queueSync = createQueueSync(usePlayer, { read: readProfile, write: writeProfile, now: () => Date.now(), api: playQueueApi, bookmarks: bookmarksApi, flushLocal, stillThisMember: profileIsThisPage });
// Plays count per user (Recently played, Subsonic's play counts): past half the song or 4 minutes.
if (typeof window !== 'undefined') countPlays(usePlayer, reportPlay);

/** The playing audio element, for the player views and tests; null until something played. */
export const playerAudio = () => usePlayer.playerAudio();

/** The track being played (or paused), if any. */
export const useCurrentTrack = () => usePlayer((s) => s.queue[s.index] ?? null);
