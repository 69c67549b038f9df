/** The player's state and its constants (docs/product.md, Playback), shared by the engine and the views. */
import type { NormalisationMode } from '../../src/shared/enums.ts';
import type { SongLoudness } from '../../src/shared/loudness.ts';
import type { SongDto } from '../../src/shared/types.ts';

/** Where a song was started from (docs/product.md, Playback): decides what happens at its end. */
export type PlayContext = 'library' | 'search' | 'album' | 'playlist';

/** What the player needs of a song; a track may carry a narrator. */
export type Track = Pick<SongDto, 'id' | 'title' | 'artist' | 'artworkUrl' | 'audioUrl' | 'duration'> & { narrator?: string | null; albumName?: string | null; hasLyrics?: boolean } & SongLoudness & {
  /** Encoder delay and padding: lets album and playlist songs join without a gap (islands/player/gapless-audio.ts). */
  encoderTrim?: SongDto['encoderTrim'];
};

export interface PlayerState {
  queue: Track[];
  index: number;
  context: PlayContext | null;
  playing: boolean;
  loop: boolean;
  /** The listener's volume, 0–1 (wide screens): what fades rise to. */
  volume: number;
  /** The family's loudness normalisation (Settings): the element plays at volume × the song's cut. */
  normalisation: NormalisationMode;
  /** True during the bar's 0.5 s fade-out after a stop. */
  hiding: boolean;
  /** The last audio error text, cleared by the next load. */
  error: string | null;
  /** Seconds into the current track, and its length once the audio element knows it. */
  time: number;
  duration: number;
  /** The one function every screen calls: play `queue[index]` within its list and context. */
  start(queue: Track[], index: number, context: PlayContext): void;
  toggle(): void;
  next(): void;
  previous(): void;
  seek(seconds: number): void;
  restart(): void;
  setLoop(loop: boolean): void;
  setVolume(volume: number): void;
  setNormalisation(mode: NormalisationMode): void;
  /** Loads a song paused at `at` seconds (a restored session); ignored while another song is current. */
  cue(queue: Track[], index: number, context: PlayContext, at: number): void;
}

/** Fades in ms; auto-advance at a natural end does not fade. */
export const FADE = { in: 500, out: 500, changeOut: 250, changeIn: 400 };
export const HIDE_WAIT_MS = 1000;
export const HIDE_FADE_MS = 500;

export const hasNext = (s: Pick<PlayerState, 'queue' | 'index'>) => s.index + 1 < s.queue.length;
export const hasPrevious = (s: Pick<PlayerState, 'queue' | 'index'>) => s.index > 0 && s.queue.length > 0;
