import { type IAudioMetadata, type IOptions, parseBlob, parseFile } from 'music-metadata';
import { bytesReader, readImageSize, withinPixelBudget } from './image-size.ts';
import { AUDIO_CONTENT_TYPES, type AudioFormat } from '../src/shared/audio-formats.ts';
import { type ImageFormat, sniffImage } from './sniff.ts';

export interface AudioTags {
  duration: number;
  title: string | null;
  artist: string | null;
  album: string | null;
  track: number | null;
  /** The first embedded picture that really is a PNG, JPEG, WebP or GIF of at most 16 megapixels. */
  picture: { data: Uint8Array; format: ImageFormat } | null;
}

const clean = (value: string | undefined | null, max: number) => {
  const text = value?.replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '').trim();
  return text ? text.slice(0, max) : null;
};

/**
 * parseFile guesses the format from the name, then the first bytes; a temp file has no
 * extension and padding before the first frame defeats the guess, so the sniffed format
 * is named instead (a Blob's type; parseFile stays the fast path).
 */
async function parse(path: string, sniffed: AudioFormat | undefined, options: IOptions): Promise<IAudioMetadata> {
  try {
    return await parseFile(path, options);
  } catch (error) {
    if (!sniffed) throw error;
    return parseBlob(Bun.file(path, { type: AUDIO_CONTENT_TYPES[sniffed] }), options);
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

/** Reads duration and tags; throws when music-metadata cannot make sense of the file. */
export async function readAudioTags(path: string, sniffed?: AudioFormat): Promise<AudioTags> {
  let { format, common } = await parse(path, sniffed, { duration: false, skipPostHeaders: true });
  // Headerless streams (ADTS, some VBR mp3) only reveal their duration to a full scan.
  if (!(format.duration! > 0)) ({ format, common } = await parse(path, sniffed, { duration: true }));
  const duration = Number.isFinite(format.duration) && format.duration! > 0 ? format.duration! : 0;
  const picture = await firstUsablePicture(common.picture ?? []);
  const track = common.track?.no;
  return {
    duration: Math.round(duration * 1000) / 1000,
    title: clean(common.title, 500),
    artist: clean(common.artist, 500),
    album: clean(common.album, 200),
    track: track && track > 0 && track < 100_000 ? track : null,
    picture,
  };
}

/** "My Song.mp3" → "My Song"; nothing usable → "Untitled". */
export function titleFromFilename(filename: string | null): string {
  const stem = filename?.replace(/\.[^.]*$/, '').trim();
  return stem ? stem.slice(0, 500) : 'Untitled';
}
