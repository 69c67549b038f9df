import type { IAudioMetadata, IOptions } from 'music-metadata';
import { type FrameReader, adtsFrame, streamDuration } from './frame-walk.ts';
import { type EmbeddedLyrics, embeddedLyrics } from './embedded-lyrics.ts';
import { type EncoderTrim, flacTrim, itunSmpbTrim, mp3Trim, mp4Trim } from './encoder-trim.ts';
import { explicitFromTags } from './explicit-tag.ts';
import { bytesReader, readImageSize, withinPixelBudget } from './image-size.ts';
import { mpegFrame } from './mpeg-frame.ts';
import { AUDIO_CONTENT_TYPES, type AudioFormat } from '../src/shared/audio-formats.ts';
import { type ByteReader, type ImageFormat, audioStreamStart, fileReader, sniffAudio, sniffImage } from './sniff.ts';

export interface AudioTags {
  duration: number;
  title: string | null;
  artist: string | null;
  album: string | null;
  track: number | null;
  disc: number | null;
  /** The genre tag's values as written; the song's genres are split and cleaned from them (src/shared/genres.ts). */
  genres: string[];
  year: number | null;
  /** The first embedded picture that really is a PNG, JPEG, WebP or GIF of at most 16 megapixels. */
  picture: { data: Uint8Array; format: ImageFormat } | null;
  /** Lyrics text from the file's tags (media/embedded-lyrics.ts), not yet parsed. */
  lyrics: EmbeddedLyrics | null;
  /** The file's ReplayGain tags (dB; peaks linear), each null when absent or absurd. */
  replayGain: ReplayGainTags;
  /** Absurd ReplayGain tags that were ignored, said for the import summary ("track gain +300 dB"). */
  ignoredGainTags: string[];
  /** Encoder delay and padding for gapless playback (media/encoder-trim.ts); null when unknown. */
  trim: EncoderTrim | null;
  /** The tags mark the recording explicit (media/explicit-tag.ts). */
  explicit: boolean;
}

export interface ReplayGainTags {
  trackGain: number | null;
  albumGain: number | null;
  trackPeak: number | null;
  albumPeak: number | null;
}

/** A gain tag beyond ±51 dB or a peak beyond +20 dBFS is junk: the measurement will say. */
const gainTag = (value: { dB: number } | undefined) => (value && Number.isFinite(value.dB) && Math.abs(value.dB) <= 51 ? Math.round(value.dB * 100) / 100 : null);
const peakTag = (value: { ratio: number } | undefined) => (value && Number.isFinite(value.ratio) && value.ratio >= 0 && value.ratio <= 10 ? value.ratio : null);

/** What a ReplayGain tag held that gainTag/peakTag refused, in words; nothing for an absent or sane one. */
function ignoredGainTags(common: IAudioMetadata['common']): string[] {
  const said: string[] = [];
  for (const [name, value] of [['track gain', common.replaygain_track_gain], ['album gain', common.replaygain_album_gain]] as const) {
    if (value && gainTag(value) === null) said.push(`${name} ${Number.isFinite(value.dB) ? `${value.dB > 0 ? '+' : ''}${Math.round(value.dB * 100) / 100} dB` : 'not a number'}`);
  }
  for (const [name, value] of [['track peak', common.replaygain_track_peak], ['album peak', common.replaygain_album_peak]] as const) {
    if (value && peakTag(value) === null) said.push(`${name} ${Number.isFinite(value.ratio) ? Math.round(value.ratio * 1000) / 1000 : 'not a number'}`);
  }
  return said;
}

function replayGainOf(common: IAudioMetadata['common']): ReplayGainTags {
  const trackGain = gainTag(common.replaygain_track_gain);
  return {
    trackGain,
    albumGain: gainTag(common.replaygain_album_gain) ?? trackGain,
    trackPeak: peakTag(common.replaygain_track_peak),
    albumPeak: peakTag(common.replaygain_album_peak) ?? peakTag(common.replaygain_track_peak),
  };
}

/** The file holds no audio a player could decode (e.g. nothing but empty or free-format frame headers). */
export class NoAudioError extends Error {
  constructor() {
    super('no playable audio');
  }
}

/**
 * What one music-metadata parse may cost. Real files need milliseconds and their tags' bytes; a
 * crafted one made it walk every byte at seconds per megabyte. Exceeding either is NoAudioError.
 */
export const PARSE_BUDGET = { ms: 2000, bytes: 64 * 1024 * 1024 };

const clean = (value: string | undefined | null, max: number) => {
  const text = value?.replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '').trim();
  return text ? text.slice(0, max) : null;
};

let parserLoad: Promise<[typeof import('music-metadata'), typeof import('strtok3')]> | null = null;
/**
 * Loaded at the first parse, not at start: a server that reads no file keeps ~3 MiB less. A failed
 * load is forgotten, so the next file tries again rather than failing until a restart.
 */
const parserModules = () =>
  (parserLoad ??= Promise.all([import('music-metadata'), import('strtok3')]).catch((error: unknown) => {
    parserLoad = null;
    throw error;
  }));

/**
 * music-metadata over the file, told the sniffed format (a temp file has no extension, and padding
 * before the first frame defeats its own guess). Every read counts against PARSE_BUDGET and is
 * refused once it is spent, which stops the parser wherever it is. Bytes already read are parsed
 * in memory: for a small file that costs a third of reading it through a file handle.
 */
async function parse(path: string, bytes: Uint8Array | undefined, sniffed: AudioFormat | undefined, options: IOptions): Promise<IAudioMetadata> {
  const [{ parseFromTokenizer }, { fromBlob, fromBuffer }] = await parserModules();
  const mimeType = sniffed ? AUDIO_CONTENT_TYPES[sniffed] : undefined;
  const tokenizer = bytes
    ? fromBuffer(bytes, { fileInfo: { path, mimeType, size: bytes.length } })
    : fromBlob(Bun.file(path, mimeType ? { type: mimeType } : {}), { fileInfo: { path } });
  const deadline = performance.now() + PARSE_BUDGET.ms;
  let spent = 0;
  // Every read of a Blob or Buffer tokenizer goes through peekBuffer.
  const peek = tokenizer.peekBuffer.bind(tokenizer);
  tokenizer.peekBuffer = (buffer, readOptions) => {
    spent += readOptions?.length ?? buffer.length;
    if (spent > PARSE_BUDGET.bytes || performance.now() > deadline) throw new NoAudioError();
    return peek(buffer, readOptions);
  };
  try {
    return await parseFromTokenizer(tokenizer, options);
  } finally {
    await tokenizer.close();
  }
}

/** The first embedded picture that is a real image within the pixel budget (bombs are dropped). */
async function firstUsablePicture(pictures: { data: Uint8Array }[]): Promise<AudioTags['picture']> {
  for (const { data } of pictures) {
    const format = sniffImage(data);
    const size = format && (await readImageSize(bytesReader(data), format));
    if (format && size && withinPixelBudget(size)) return { data, format };
  }
  return null;
}

/** Headerless streams, whose length only a walk over every frame reveals. */
const FRAME_READERS: Partial<Record<AudioFormat, FrameReader>> = { mp3: mpegFrame, aac: adtsFrame };

/**
 * Reads duration and tags. Throws NoAudioError when there is no decodable audio (or its parse
 * ran over PARSE_BUDGET), and music-metadata's error when it cannot make sense of the file. A
 * headerless stream with no length in its headers is measured by our own frame walk. `bytes`,
 * when given, are the whole file at `path`, already read: parsed from memory, not read again.
 */
export async function readAudioTags(path: string, sniffed?: AudioFormat, bytes?: Uint8Array): Promise<AudioTags> {
  const read = bytes ? bytesReader(bytes) : fileReader(path);
  const format = sniffed ?? (await sniffAudio(read)) ?? undefined;
  const frames = format && FRAME_READERS[format];
  const start = frames ? await audioStreamStart(read, format as 'mp3' | 'aac') : 0;
  if (start === null) throw new NoAudioError();
  const { format: info, common, native } = await parse(path, bytes, format, { duration: false, skipPostHeaders: true });
  let duration = info.duration ?? 0;
  if (!(duration > 0)) duration = frames ? await streamDuration(path, start, frames) : ((await parse(path, bytes, format, { duration: true })).format.duration ?? 0);
  if (!Number.isFinite(duration) || duration <= 0) throw new NoAudioError();
  const picture = await firstUsablePicture(common.picture ?? []);
  const trim = await trimOf(read, bytes?.length ?? Bun.file(path).size, format, start, info.sampleRate, native);
  // With the real sample count known, the length is exact: gapless joins place songs by it.
  if (trim) duration = trim.samples / trim.sampleRate;
  const track = common.track?.no;
  const disc = common.disk?.no;
  return {
    duration: trim ? duration : Math.round(duration * 1000) / 1000,
    title: clean(common.title, 500),
    artist: clean(common.artist, 500),
    album: clean(common.album, 200),
    track: track && track > 0 && track < 100_000 ? track : null,
    disc: disc && disc > 0 && disc < 1000 ? disc : null,
    genres: common.genre ?? [],
    year: common.year && Number.isInteger(common.year) && common.year >= 1000 && common.year <= 2999 ? common.year : null,
    picture,
    lyrics: embeddedLyrics({ native }),
    replayGain: replayGainOf(common),
    ignoredGainTags: ignoredGainTags(common),
    trim,
    explicit: explicitFromTags({ native }),
  };
}

/** The trim where the file states it (LAME tag, iTunSMPB or edit list, FLAC's STREAMINFO). */
async function trimOf(read: ByteReader, size: number, format: AudioFormat | undefined, start: number, sampleRate: number | undefined, native: IAudioMetadata['native']): Promise<EncoderTrim | null> {
  if (format === 'mp3') return mp3Trim(read, start);
  if (format === 'flac') return flacTrim(read);
  if (format !== 'm4a') return null;
  const smpb = Object.values(native).flat().find((tag) => /iTunSMPB$/i.test(tag.id));
  if (typeof smpb?.value === 'string' && sampleRate) return itunSmpbTrim(smpb.value, sampleRate);
  return mp4Trim(read, size);
}

/** "My Song.mp3" → "My Song"; nothing usable → "Untitled". */
export function titleFromFilename(filename: string | null): string {
  const stem = filename?.replace(/\.[^.]*$/, '').trim();
  return stem ? stem.slice(0, 500) : 'Untitled';
}
