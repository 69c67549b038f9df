import { type PlayerStore, hasNext, hasPrevious } from './player-engine.ts';

/** The Media Session's seek backward/forward offset when the system gives none. */
const MEDIA_SEEK_OFFSET = 10;

/**
 * Keeps the system's media controls (lock screen, headset buttons, notification) in step with
 * the engine: metadata of the current track, play/pause/previous/next/seek handlers (previous
 * and next only with a neighbour) and the position state.
 */
export function connectMediaSession(store: PlayerStore, session: MediaSession) {
  const now = () => store.playerAudio()?.currentTime ?? store.getState().time;
  const set = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know (older Safari lacks seekto): the others still work.
    }
  };
  set('play', () => store.playerAudio()?.paused && store.getState().toggle());
  set('pause', () => store.playerAudio()?.paused === false && store.getState().toggle());
  set('seekbackward', (d) => store.getState().seek(now() - (d.seekOffset ?? MEDIA_SEEK_OFFSET)));
  set('seekforward', (d) => store.getState().seek(now() + (d.seekOffset ?? MEDIA_SEEK_OFFSET)));
  set('seekto', (d) => d.seekTime !== undefined && store.getState().seek(d.seekTime));

  let shown: unknown = null;
  let neighbours = '';
  store.subscribe((s) => {
    const track = s.queue[s.index] ?? null;
    if (track !== shown) {
      shown = track;
      session.metadata = track
        ? new MediaMetadata({
            title: track.title,
            artist: track.narrator ?? track.artist ?? '',
            album: track.albumName ?? '',
            artwork: track.artworkUrl ? [{ src: new URL(track.artworkUrl, location.href).href, sizes: '512x512' }] : [],
          })
        : null;
    }
    const n = `${hasPrevious(s)}${hasNext(s)}`;
    if (n !== neighbours) {
      neighbours = n;
      set('previoustrack', hasPrevious(s) ? () => store.getState().previous() : null);
      set('nexttrack', hasNext(s) ? () => store.getState().next() : null);
    }
    session.playbackState = !track ? 'none' : s.playing ? 'playing' : 'paused';
    const duration = store.playerAudio()?.duration;
    if (track && duration && Number.isFinite(duration)) {
      try {
        session.setPositionState({ duration, position: Math.min(duration, Math.max(0, s.time)), playbackRate: 1 });
      } catch {
        // A position past a duration the element has just revised: the next update corrects it.
      }
    }
  });
}
