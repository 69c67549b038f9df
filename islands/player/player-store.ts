import { create } from 'zustand';
import type { SongDto } from '../../src/shared/types.ts';

/** Where a song was started from (spec §4 Playback): decides what happens at its end. */
export type PlayContext = 'library' | 'search' | 'album' | 'playlist';

/** What the player needs of a song; a track may carry a narrator (spec §3). */
export type Track = Pick<SongDto, 'id' | 'title' | 'artist' | 'artworkUrl' | 'audioUrl' | 'duration'> & { narrator?: string | null };

export interface PlayerState {
  queue: Track[];
  index: number;
  context: PlayContext | null;
  playing: boolean;
  /** Seconds into the current track, and its length once the audio element knows it. */
  time: number;
  duration: number;
  /** The one function every screen calls: play `queue[index]` within its list and context. */
  start(queue: Track[], index: number, context: PlayContext): void;
  toggle(): void;
}

/**
 * The playback engine's seam (the player issue grows it): one audio element, owned here and
 * never by a screen, so what plays survives navigation. Created on first use in the browser.
 */
let element: HTMLAudioElement | null = null;

function audio(): HTMLAudioElement {
  if (element) return element;
  element = new Audio();
  element.preload = 'auto';
  const sync = () => usePlayer.setState({ playing: !element!.paused, time: element!.currentTime });
  element.addEventListener('play', sync);
  element.addEventListener('pause', sync);
  element.addEventListener('timeupdate', sync);
  element.addEventListener('loadedmetadata', () => {
    if (Number.isFinite(element!.duration)) usePlayer.setState({ duration: element!.duration });
  });
  element.addEventListener('ended', () => usePlayer.setState({ playing: false }));
  return element;
}

/** The audio element, for the player views and tests; null until something played. */
export const playerAudio = () => element;

export const usePlayer = create<PlayerState>((set, get) => ({
  queue: [],
  index: 0,
  context: null,
  playing: false,
  time: 0,
  duration: 0,
  start(queue, index, context) {
    const track = queue[index];
    if (!track) return;
    set({ queue, index, context, time: 0, duration: track.duration });
    const el = audio();
    el.src = track.audioUrl;
    // Where the browser blocks autoplay, the song stays loaded and paused; a tap plays it.
    el.play().catch(() => set({ playing: false }));
  },
  toggle() {
    if (!get().queue[get().index]) return;
    const el = audio();
    if (el.paused) el.play().catch(() => set({ playing: false }));
    else el.pause();
  },
}));

/** The track being played (or paused), if any. */
export const useCurrentTrack = () => usePlayer((s) => s.queue[s.index] ?? null);
