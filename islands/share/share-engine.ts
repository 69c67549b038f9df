import { browserDeps } from '../player/engine-deps.ts';
import { connectMediaSession } from '../player/media-session.ts';
import { createPlayerStore } from '../player/player-engine.ts';

/**
 * The share pages' playback engine: the signed-in app's engine on the browser's parts,
 * with Media Session for a phone's lock screen, but not saved: a listener of a shared link must
 * not overwrite the app's remembered player.
 */
export const shareEngine = createPlayerStore(browserDeps());

if (typeof navigator !== 'undefined' && 'mediaSession' in navigator) connectMediaSession(shareEngine, navigator.mediaSession);
