import { listeningApi } from '../lib/api/listening.ts';

/** Fired on window once the server has counted a play: the Recently played view refreshes. */
export const PLAYED_EVENT = 'hearth:played';

/** Tells the server the player counted a play (islands/player/play-counter.ts); a failure is let go. */
export function reportPlay(songId: number): void {
  listeningApi
    .reportPlay(songId)
    .then(() => window.dispatchEvent(new Event(PLAYED_EVENT)))
    .catch(() => undefined);
}
