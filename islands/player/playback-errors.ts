import { AUDIO_CONTENT_TYPES, isAudioFormat } from '../../src/shared/audio-formats.ts';

/** The text shown for each media error code (docs/product.md, Players). */
export const AUDIO_ERROR_TEXT: Record<number, string> = {
  1: 'Playback aborted',
  2: 'Network error - file may be unavailable',
  3: 'File is corrupted or codec not supported',
  4: 'Format not supported or CORS blocked',
};
export const UNKNOWN_AUDIO_ERROR = 'Unknown audio error';
export const CODEC_UNSUPPORTED = 'Audio codec not supported by this browser';
export const RETRIES_EXHAUSTED = 'Failed to load audio after 3 attempts';

/** Waits before the second and third attempts to load audio. */
export const RETRY_DELAYS_MS = [500, 1000];

/** The playback toasts, verbatim (docs/product.md, Players). */
export const PLAYBACK_TOASTS = {
  connection: { title: 'Connection Problem', description: 'Unable to load the song. Please check your internet connection and try again.' },
  format: { title: 'Format Not Supported', description: 'This audio format is not supported by your browser. Please try a different song.' },
  cancelled: { title: 'Playback Cancelled', description: 'Playback was interrupted. Tap play to try again.' },
  other: { title: 'Playback Error', description: 'Something went wrong while trying to play this song. Please try again.' },
} as const;


/** Codec check by extension: false only when the browser says outright it cannot play it (unknown extensions pass). */
export function codecSupported(url: string, canPlayType: (type: string) => string): boolean {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  const mime = ext && isAudioFormat(ext) ? AUDIO_CONTENT_TYPES[ext] : undefined;
  return !mime || canPlayType(mime) !== '';
}
