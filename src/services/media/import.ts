import { copyFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import type { Db } from '../../../db/client.ts';
import { type KnownFile, fillSongTagFields, knownImportFiles, rememberImportFile, songAudioHashes, songHashesWithoutTagFields } from '../../../db/queries/import-files.ts';
import { findImportRoot, rememberImportRoot } from '../../../db/queries/import-roots.ts';
import { hasSongWithAudio } from '../../../db/queries/media-refs.ts';
import { readSidecarLyrics } from '../../../media/lyrics-file.ts';
import { readAudioTags } from '../../../media/metadata.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import { type Lyrics, hasLines, readLyrics } from '../../shared/lyrics.ts';
import { MAX_AUDIO_UPLOAD_BYTES } from '../../shared/upload-limits.ts';
import { IMPORT_EXTENSIONS } from '../../shared/audio-formats.ts';
import { splitGenres } from '../../shared/genres.ts';
import { DuplicateAudioError, type SongOptions, albumOrderOf, audioNotes, checkAudio, createSong, dropIfUnreferenced, ingestAudio } from './audio.ts';

export const AUDIO_EXTENSIONS = new Set(IMPORT_EXTENSIONS.map((extension) => `.${extension}`));

export interface ImportOptions {
  publish: boolean;
  inPlace: boolean;
  onProgress?: (done: number, total: number, file: string) => void;
}

export interface ImportReport {
  imported: number;
  skipped: { file: string; reason: string }[];
  failed: { file: string; reason: string }[];
  /** Imported files with something worth knowing, e.g. an unreadable .lrc beside them. */
  notes: { file: string; reason: string }[];
}

/** Every file with an audio extension below `dir`, in a stable order. */
export function findAudioFiles(dir: string): string[] {
  const root = resolve(dir);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`"${dir}" is not a folder`);
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile() && AUDIO_EXTENSIONS.has(extname(entry.name).toLowerCase()))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

async function hashFile(path: string): Promise<string> {
  const hasher = new Bun.CryptoHasher('sha256');
  for await (const chunk of Bun.file(path).stream()) hasher.update(chunk);
  return hasher.digest('hex');
}

/**
 * Songs imported before genres, years, disc and track numbers were read: the file's tags are
 * read once more and fill them (`lacking` holds their hashes; each is read at most once, in a
 * folder's first import since). A file whose tags now fail to parse keeps its song as it is.
 */
async function fillTagFields(db: Db, path: string, hash: string, lacking: Set<string>): Promise<void> {
  if (!lacking.delete(hash)) return;
  const tags = await readAudioTags(path).catch(() => null);
  const genres = tags ? splitGenres(tags.genres) : [];
  if (!tags || (genres.length === 0 && tags.year === null && tags.disc === null && tags.track === null)) return;
  fillSongTagFields(db, hash, { genres, year: tags.year, discNumber: tags.disc, trackNumber: tags.track, albumOrder: albumOrderOf(tags.disc, tags.track) });
}

/** One file: skipped when its bytes are already in the library, else checked and added. */
async function importOne(db: Db, storage: MediaStorage, path: string, stat: Omit<KnownFile, 'audioHash'>, options: ImportOptions & SongOptions & { lacking: Set<string> }, note: (reason: string) => void): Promise<'imported' | string> {
  if (stat.size > MAX_AUDIO_UPLOAD_BYTES && !options.inPlace) throw new Error('larger than 100MB');
  const hash = await hashFile(path);
  const remember = () => rememberImportFile(db, path, { ...stat, audioHash: hash });
  if (hasSongWithAudio(db, hash)) {
    await fillTagFields(db, path, hash, options.lacking);
    remember();
    return 'already imported';
  }
  const file = { hash, size: stat.size, filename: path.split('/').pop() ?? null };
  // Another import (or an upload) may add the same bytes meanwhile: createSong checks again
  // under the write lock, and the loser counts the file as already imported.
  try {
    if (options.inPlace) {
      const audio = await checkAudio(storage, path, file, false);
      createSong(db, storage, audio, { ...options, audioPath: path });
      audioNotes(audio).forEach(note);
    } else {
      const tempPath = storage.tempPath();
      copyFileSync(path, tempPath);
      const audio = await ingestAudio(storage, { ...file, tempPath });
      try {
        createSong(db, storage, audio, options);
      } catch (error) {
        await dropIfUnreferenced(db, storage, audio.hash);
        throw error;
      }
      audioNotes(audio).forEach(note);
    }
  } catch (error) {
    if (!(error instanceof DuplicateAudioError)) throw error;
    remember();
    return 'already imported';
  }
  remember();
  return 'imported';
}

/**
 * What a re-import can skip without hashing the file: same path, size and modification time
 * as when it was last imported, and its song still exists (one purged since comes back, as
 * before). Answers the known content hash, or null. Whole milliseconds: the column is an integer.
 */
function unchangedSkipper(db: Db): (path: string, stat: Omit<KnownFile, 'audioHash'>) => string | null {
  const known = knownImportFiles(db);
  if (known.size === 0) return () => null;
  const hashes = songAudioHashes(db);
  return (path, stat) => {
    const seen = known.get(path);
    return seen && seen.size === stat.size && seen.mtimeMs === stat.mtimeMs && hashes.has(seen.audioHash) ? seen.audioHash : null;
  };
}

/**
 * The .lrc beside an audio file, parsed. A missing one is null; an unreadable or damaged one is
 * told through `note` and never fails the import (the song keeps its embedded lyrics, if any).
 */
async function sidecarLyrics(path: string, note: (reason: string) => void): Promise<Lyrics | null> {
  try {
    const text = await readSidecarLyrics(path);
    if (text === null) return null;
    const { lyrics, malformed } = readLyrics(text);
    if (!hasLines(lyrics)) note('lyrics file has no lyrics in it; not used');
    else if (malformed > 0) note(`lyrics file: ${malformed} line${malformed === 1 ? '' : 's'} without a time skipped`);
    return hasLines(lyrics) ? lyrics : null;
  } catch (error) {
    note(`lyrics file not read: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/**
 * `cli import DIR`: idempotent by content hash; unreadable or unsupported files are reported
 * and skipped, never fatal. Files unchanged since an earlier import (path, size, mtime) are
 * skipped unread (but see fillTagFields); only new or changed files are hashed. With inPlace
 * the files stay where they are and are never deleted. The folder is recorded for later scans.
 */
export async function importFolder(db: Db, storage: MediaStorage, dir: string, options: ImportOptions): Promise<ImportReport> {
  const files = findAudioFiles(dir);
  // A scan (Subsonic startScan) imports every recorded folder again the same way.
  const root = { path: resolve(dir), publish: options.publish, inPlace: options.inPlace };
  const tagsRead = findImportRoot(db, root.path)?.tagsRead === true;
  rememberImportRoot(db, { ...root, tagsRead });
  const report: ImportReport = { imported: 0, skipped: [], failed: [], notes: [] };
  const songOptions = { ...options, status: options.publish ? ('published' as const) : ('pending' as const), userId: null };
  const unchanged = unchangedSkipper(db);
  // Once per folder: afterwards an empty field is the file's (or an admin's) say.
  const lacking = tagsRead ? new Set<string>() : songHashesWithoutTagFields(db);
  for (const [index, path] of files.entries()) {
    const name = relative(resolve(dir), path);
    options.onProgress?.(index, files.length, name);
    try {
      const info = statSync(path);
      const stat = { size: info.size, mtimeMs: Math.trunc(info.mtimeMs) };
      const knownHash = unchanged(path, stat);
      if (knownHash) await fillTagFields(db, path, knownHash, lacking);
      const note = (reason: string) => report.notes.push({ file: name, reason });
      const lyrics = knownHash ? null : await sidecarLyrics(path, note);
      const outcome = knownHash ? 'already imported' : await importOne(db, storage, path, stat, { ...songOptions, lyrics, lacking }, note);
      if (outcome === 'imported') report.imported += 1;
      else report.skipped.push({ file: name, reason: outcome });
    } catch (error) {
      report.failed.push({ file: name, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  if (!tagsRead) rememberImportRoot(db, { ...root, tagsRead: true });
  options.onProgress?.(files.length, files.length, '');
  return report;
}
