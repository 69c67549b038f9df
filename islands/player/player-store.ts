import { browserDeps } from './engine-deps.ts';
import { writeLocal } from '../lib/local-setting.ts';
import { profileKey } from '../lib/profile-scope.ts';
import { reportPlay } from '../listening/plays.ts';
import { connectMediaSession } from './media-session.ts';
import { countPlays } from './play-counter.ts';
import { savePlayer } from './player-persist.ts';
import { createPlayerStore } from './player-engine.ts';

export type { PlayContext, PlayerState, Track } from './player-engine.ts';
export { hasNext, hasPrevious } from './player-engine.ts';

/**
 * The app's one playback engine, created once per page on the browser's parts.
 * Screens call `usePlayer.getState().start(queue, index, context)`; nothing creates audio
 * before the first song is started.
 */
export const usePlayer = createPlayerStore(browserDeps());

if (typeof navigator !== 'undefined' && 'mediaSession' in navigator) connectMediaSession(usePlayer, navigator.mediaSession);
// Each member's queue and volume are their own (a shared tablet switches between members).
if (typeof window !== 'undefined') savePlayer(usePlayer, (key, value) => writeLocal(profileKey(key), value));
// Plays count per user (Recently played, Subsonic's play counts): past half the song or 4 minutes.
if (typeof window !== 'undefined') countPlays(usePlayer, reportPlay);

/** The playing audio element, for the player views and tests; null until something played. */
export const playerAudio = () => usePlayer.playerAudio();

/** The track being played (or paused), if any. */
export const useCurrentTrack = () => usePlayer((s) => s.queue[s.index] ?? null);
