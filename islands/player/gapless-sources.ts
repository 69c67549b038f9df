import type { SongDto } from '../../src/shared/types.ts';

/** What a gapless join needs of a song: where its audio is, its exact length and its trim. */
export type GaplessTrack = Pick<SongDto, 'audioUrl' | 'duration'> & { encoderTrim?: SongDto['encoderTrim'] };

/** A song as Media Source Extensions take it: the bytes' URL, their type, and where its real audio lies. */
export interface GaplessSource {
  url: string;
  mime: string;
  /** Seconds of encoder delay before the first real sample, and the real length. */
  delay: number;
  length: number;
}

// MP3 goes in as stored; AAC and FLAC as a fragmented-MP4 copy the server makes (routes/media).
const FEEDS: Record<string, { mime: string; suffix: string }> = {
  mp3: { mime: 'audio/mpeg', suffix: '' },
  m4a: { mime: 'audio/mp4; codecs="mp4a.40.2"', suffix: '/fragments' },
  flac: { mime: 'audio/mp4; codecs="flac"', suffix: '/fragments' },
};

/** The song's MSE feed, or null where this browser (or what the file says of itself) cannot join it gaplessly. */
export function gaplessSource(track: GaplessTrack | undefined): GaplessSource | null {
  const trim = track?.encoderTrim;
  if (!track || !trim || !(track.duration > 0) || typeof MediaSource === 'undefined') return null;
  const feed = FEEDS[/\.(\w+)$/.exec(track.audioUrl)?.[1] ?? ''];
  if (!feed || !MediaSource.isTypeSupported(feed.mime)) return null;
  return { url: track.audioUrl + feed.suffix, mime: feed.mime, delay: trim.delay / trim.sampleRate, length: track.duration };
}
