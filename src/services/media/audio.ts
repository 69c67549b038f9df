import type { Db } from '../../../db/client.ts';
import { type AudioChange, type SongWithSameAudio, albumNameOf, findSongRow, insertSongWithAlbum, isAudioReferenced, replaceSongAudio, songWithAudio } from '../../../db/queries/media-refs.ts';
import type { StoredLyrics } from '../../../db/queries/lyrics.ts';
import { type Lyrics, hasLines, parseLyrics } from '../../shared/lyrics.ts';
import { storeImageBytes } from '../../../media/images.ts';
import type { EncoderTrim } from '../../../media/encoder-trim.ts';
import { type AudioTags, NoAudioError, readAudioTags, titleFromFilename } from '../../../media/metadata.ts';
import { bytesReader } from '../../../media/image-size.ts';
import { fileReader, sniffAudio } from '../../../media/sniff.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import type { ReceivedFile } from '../../../media/upload.ts';
import { ConflictError, NotFoundError, UnprocessableContentError, UnsupportedMediaTypeError } from '../../errors.ts';
import type { AudioFormat } from '../../shared/audio-formats.ts';
import { randomId } from '../../shared/ids.ts';
import { splitGenres } from '../../shared/genres.ts';
import { cleanOptionalText } from '../../shared/text.ts';
import type { SongDto, SongStatus, UploadedSongDto } from '../../shared/types.ts';
import { toSongDto } from '../catalogue/dto.ts';

export interface CheckedAudio {
  hash: string;
  format: AudioFormat;
  size: number;
  tags: AudioTags;
  filename: string | null;
}

const unsupported = (filename: string | null) =>
  new UnsupportedMediaTypeError(`"${filename ?? 'The file'}" is not a supported audio format`);

const noAudio = (filename: string | null) => new UnprocessableContentError(`"${filename ?? 'The file'}" has no audio that can be played`);

/**
 * Sniffs and parses a received file where it lies; throws 415 if it is not audio, 422 if it looks
 * like audio with nothing playable in it (the file is removed either way when `removeOnFail`).
 * `bytes`, when given, are the whole file already read (media/metadata.ts).
 */
export async function checkAudio(storage: MediaStorage, path: string, file: Omit<ReceivedFile, 'tempPath'>, removeOnFail: boolean, bytes?: Uint8Array): Promise<CheckedAudio> {
  const fail = (error?: unknown): never => {
    if (removeOnFail) storage.remove(path);
    throw error instanceof NoAudioError ? noAudio(file.filename) : unsupported(file.filename);
  };
  const format = (await sniffAudio(bytes ? bytesReader(bytes) : fileReader(path))) ?? fail();
  const tags = await readAudioTags(path, format, bytes).catch(fail);
  return { hash: file.hash, format, size: file.size, tags, filename: file.filename };
}

/** Checks a received temp file and moves it into content-addressed storage. */
export async function ingestAudio(storage: MediaStorage, file: ReceivedFile): Promise<CheckedAudio> {
  const audio = await checkAudio(storage, file.tempPath, file, true);
  await storage.audio.commit(file.tempPath, audio.hash);
  return audio;
}

/** Removes a stored audio file no row uses (a failed insert must leave nothing behind). */
export async function dropIfUnreferenced(db: Db, storage: MediaStorage, hash: string): Promise<void> {
  if (!isAudioReferenced(db, hash)) await storage.audio.remove(hash);
}

export interface SongOptions {
  status: SongStatus;
  userId: number | null;
  /** --in-place imports: the file stays where it is. */
  audioPath?: string | null;
  tags?: string[];
  /** Add the song even when a song (trashed ones included) already has the same audio. */
  addCopy?: boolean;
  /** Lyrics from a file beside the audio (the CLI import): they win over the file's own. */
  lyrics?: Lyrics | null;
}

export const ALREADY_IN_LIBRARY = 'Already in your library';

/** The audio is already a song's and no copy was asked for: the upload route answers 409 with it. */
export class DuplicateAudioError extends ConflictError {
  constructor(readonly song: SongWithSameAudio) {
    super(ALREADY_IN_LIBRARY);
  }
}

/** The lyrics in a file's own tags, parsed; null when it has none. */
function embeddedLyricsOf(audio: CheckedAudio): StoredLyrics | null {
  const embedded = audio.tags.lyrics && parseLyrics(audio.tags.lyrics.text, audio.tags.lyrics.lang);
  return embedded && hasLines(embedded) ? { ...embedded, source: 'embedded' } : null;
}

/**
 * Where a song sorts in its album: its track number, after every earlier disc's (disc 2 track 1
 * is 1001), so the discs of a set play in turn. No track number, no place.
 */
export function albumOrderOf(disc: number | null, track: number | null): number | null {
  if (track === null) return null;
  return disc !== null && disc > 1 ? (disc - 1) * 1000 + track : track;
}

/** The lyrics a new song starts with: the .lrc beside it, else the file's own, else none. */
function songLyricsOf(audio: CheckedAudio, options: SongOptions): StoredLyrics | null {
  if (options.lyrics && hasLines(options.lyrics)) return { ...options.lyrics, source: 'lrc-file' };
  return embeddedLyricsOf(audio);
}

/**
 * Creates the song row for checked audio: title fallback, album by tag, embedded artwork.
 * Throws DuplicateAudioError when a song already has these bytes, unless a copy is asked for.
 */
export function createSong(db: Db, storage: MediaStorage, audio: CheckedAudio, options: SongOptions): SongDto {
  const artworkUrl = audio.tags.picture ? storeImageBytes(storage, audio.tags.picture.data, audio.tags.picture.format) : null;
  // Tags and file names are text from anywhere: cleaned like every name (src/shared/text.ts).
  const inserted = insertSongWithAlbum(db, {
    title: cleanOptionalText(audio.tags.title) ?? cleanOptionalText(titleFromFilename(audio.filename)) ?? 'Untitled',
    artist: cleanOptionalText(audio.tags.artist),
    albumName: cleanOptionalText(audio.tags.album),
    albumOrder: albumOrderOf(audio.tags.disc, audio.tags.track),
    trackNumber: audio.tags.track,
    discNumber: audio.tags.disc,
    genres: splitGenres(audio.tags.genres),
    year: audio.tags.year,
    artworkUrl,
    audioHash: audio.hash,
    audioFormat: audio.format,
    audioPath: options.audioPath ?? null,
    duration: audio.tags.duration,
    fileSize: audio.size,
    originalFilename: audio.filename,
    status: options.status,
    userId: options.userId,
    shareId: randomId(),
    albumShareId: randomId(),
    tags: options.tags ?? [],
    lyrics: songLyricsOf(audio, options),
    explicit: audio.tags.explicit,
    ...audio.tags.replayGain,
    ...trimColumns(audio.tags.trim),
  }, !options.addCopy);
  if ('duplicateOf' in inserted) throw new DuplicateAudioError(inserted.duplicateOf);
  return toSongDto(inserted.song, inserted.albumName);
}

/** An absurd ReplayGain tag never fails an import or upload: the song keeps no gain from it, and its summary says so. */
export const ignoredGainNote = (ignored: string[]) => `ReplayGain tag ignored (${ignored.join(', ')}): out of range; the loudness is measured instead`;

/** What the import summary or the upload's answer says about a file that went in (nothing: empty). */
export const audioNotes = (audio: CheckedAudio): string[] => (audio.tags.ignoredGainTags.length > 0 ? [ignoredGainNote(audio.tags.ignoredGainTags)] : []);

/** The gapless trim's columns; all null when the file states none (a replaced file clears them). */
const trimColumns = (trim: EncoderTrim | null) => ({ encoderDelay: trim?.delay ?? null, encoderPadding: trim?.padding ?? null, sampleRate: trim?.sampleRate ?? null });

/**
 * POST /api/upload/audio: ingest, then insert; a failed insert removes the new file. Bytes a
 * song already has are refused before they are parsed (and again, race-free, at the insert).
 */
export async function uploadSong(db: Db, storage: MediaStorage, file: ReceivedFile, options: SongOptions): Promise<UploadedSongDto> {
  const existing = options.addCopy ? null : songWithAudio(db, file.hash);
  if (existing) {
    storage.remove(file.tempPath);
    throw new DuplicateAudioError(existing);
  }
  const audio = await ingestAudio(storage, file);
  try {
    const song = createSong(db, storage, audio, options);
    const notes = audioNotes(audio);
    return notes.length > 0 ? { ...song, notes } : song;
  } catch (error) {
    await dropIfUnreferenced(db, storage, audio.hash);
    throw error;
  }
}

/** PATCH /api/songs/{id}/audio: new bytes, new hash (so a new URL), duration, gain tags and lyrics re-read, loudness pending. */
export async function replaceAudio(db: Db, storage: MediaStorage, id: number, file: ReceivedFile, now: Date): Promise<SongDto> {
  const existing = findSongRow(db, id);
  if (!existing || existing.deletedAt) {
    storage.remove(file.tempPath);
    throw new NotFoundError('Song not found');
  }
  const audio = await ingestAudio(storage, file);
  const change: AudioChange = {
    audioHash: audio.hash,
    audioFormat: audio.format,
    audioPath: null,
    duration: audio.tags.duration,
    fileSize: audio.size,
    originalFilename: audio.filename,
  };
  // Lyrics read from the old file's tags follow the audio; an .lrc's or an admin's stay.
  const lyrics = { lyrics: embeddedLyricsOf(audio), replacing: ['embedded'] as const };
  const song = replaceSongAudio(db, id, { ...change, ...audio.tags.replayGain, ...trimColumns(audio.tags.trim), loudness: null, loudnessStatus: 'pending', loudnessError: null }, now, lyrics);
  if (!song) {
    await dropIfUnreferenced(db, storage, audio.hash);
    throw new NotFoundError('Song not found');
  }
  if (existing.audioHash !== audio.hash && !existing.audioPath) await dropIfUnreferenced(db, storage, existing.audioHash);
  return toSongDto(song, albumNameOf(db, song.albumId));
}
