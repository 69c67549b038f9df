import { copyFileSync, readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import type { Db } from '../../../db/client.ts';
import { type KnownFile, fillSongTagFields, knownImportFiles, songHashesWithoutTagFields } from '../../../db/queries/import-files.ts';
import { findImportRoot, rememberImportRoot } from '../../../db/queries/import-roots.ts';
import { hasSongWithAudio } from '../../../db/queries/media-refs.ts';
import { diskFullAware } from '../../../media/disk-full.ts';
import { readSidecarLyrics } from '../../../media/lyrics-file.ts';
import { readAudioTags } from '../../../media/metadata.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import { type Lyrics, hasLines, readLyrics } from '../../shared/lyrics.ts';
import { MAX_AUDIO_UPLOAD_BYTES } from '../../shared/upload-limits.ts';
import { IMPORT_EXTENSIONS } from '../../shared/audio-formats.ts';
import { splitGenres } from '../../shared/genres.ts';
import { type CheckedAudio, type SongOptions, albumOrderOf, checkAudio, dropIfUnreferenced, ingestAudio } from './audio.ts';
import { BATCH_SONGS, BATCH_WAIT_MS, type BatchEntry, leftoverAudio, writeBatch } from './import-batch.ts';

export const AUDIO_EXTENSIONS = new Set(IMPORT_EXTENSIONS.map((extension) => `.${extension}`));

export interface ImportOptions {
  publish: boolean;
  inPlace: boolean;
  onProgress?: (done: number, total: number, file: string) => void;
  /** Songs per transaction (default BATCH_SONGS): a scan inside the server writes fewer at a time. */
  batchSongs?: number;
}

/** Unchanged files settled between two turns of the event loop, so a server scan never stalls it long. */
const STATS_PER_TURN = 2000;

export interface ImportReport {
  imported: number;
  skipped: { file: string; reason: string }[];
  failed: { file: string; reason: string }[];
  /** Imported files with something worth knowing, e.g. an unreadable .lrc beside them. */
  notes: { file: string; reason: string }[];
}

/**
 * Every file with an audio extension below `dir`, in a stable order, and every `.lrc` (the walk
 * sees them anyway: asking the disk for each audio file's .lrc cost two stats per file).
 */
function walkLibrary(dir: string): { audio: string[]; lyrics: Set<string> } {
  const root = resolve(dir);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`"${dir}" is not a folder`);
  const audio: string[] = [];
  const lyrics = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]) {
    if (!entry.isFile()) continue;
    const extension = extname(entry.name);
    if (AUDIO_EXTENSIONS.has(extension.toLowerCase())) audio.push(join(entry.parentPath, entry.name));
    else if (extension === '.lrc' || extension === '.LRC') lyrics.add(join(entry.parentPath, entry.name));
  }
  return { audio: audio.sort(), lyrics };
}

/** Every file with an audio extension below `dir`, in a stable order. */
export function findAudioFiles(dir: string): string[] {
  return walkLibrary(dir).audio;
}

/** Files up to this size are read once: hashed, parsed and stored from the same bytes. */
const READ_WHOLE_BYTES = 16 * 1024 * 1024;
/** Files read ahead of the one being parsed, so a slow disk's reads overlap the parsing. */
const READ_AHEAD = 2;

/** The file's content hash, and its bytes when it is small enough to keep them (READ_WHOLE_BYTES). */
async function readFile(path: string, size: number): Promise<{ hash: string; bytes?: Uint8Array }> {
  const hasher = new Bun.CryptoHasher('sha256');
  if (size <= READ_WHOLE_BYTES) {
    const bytes = await Bun.file(path).bytes();
    return { hash: hasher.update(bytes).digest('hex'), bytes };
  }
  for await (const chunk of Bun.file(path).stream()) hasher.update(chunk);
  return { hash: hasher.digest('hex') };
}

/** The bytes in a fresh temp file, written off the main thread (it overlaps the next file's parse). */
async function writeTemp(storage: MediaStorage, bytes: Uint8Array): Promise<string> {
  const path = storage.tempPath();
  try {
    await writeFile(path, bytes, { mode: 0o600, flag: 'wx' });
    return path;
  } catch (error) {
    storage.remove(path);
    throw diskFullAware(error);
  }
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

/**
 * One new or changed file, read and checked (its audio stored unless in place), ready for its
 * batch; song null when its bytes are already a song's. The song itself is written with its
 * batch (import-batch.ts), which checks again under the write lock for the same audio.
 */
async function readOne(db: Db, storage: MediaStorage, path: string, name: string, stat: Omit<KnownFile, 'audioHash'>, options: ImportOptions & SongOptions & { lacking: Set<string> }): Promise<BatchEntry> {
  if (stat.size > MAX_AUDIO_UPLOAD_BYTES && !options.inPlace) throw new Error('larger than 100MB');
  const { hash, bytes } = await readFile(path, stat.size);
  const entry = { name, path, file: { ...stat, audioHash: hash } };
  if (hasSongWithAudio(db, hash)) {
    await fillTagFields(db, path, hash, options.lacking);
    return { ...entry, song: null };
  }
  const file = { hash, size: stat.size, filename: path.split('/').pop() ?? null };
  if (options.inPlace) return { ...entry, song: { audio: await checkAudio(storage, path, file, false, bytes), options: { ...options, audioPath: path }, stored: false } };
  let audio: CheckedAudio;
  if (bytes) {
    audio = await checkAudio(storage, path, file, false, bytes);
    await storage.audio.commit(await writeTemp(storage, bytes), hash);
  } else {
    const tempPath = storage.tempPath();
    copyFileSync(path, tempPath);
    audio = await ingestAudio(storage, { ...file, tempPath });
  }
  return { ...entry, song: { audio, options, stored: true } };
}

/**
 * What a re-import can skip without hashing the file: same path, size and modification time
 * as when it was last imported, and its song still exists (one purged since comes back, as
 * before). Answers the known content hash, or null. Whole milliseconds: the column is an integer.
 */
function unchangedSkipper(db: Db, root: string): (path: string, stat: Omit<KnownFile, 'audioHash'>) => string | null {
  const known = knownImportFiles(db, root);
  return (path, stat) => {
    const seen = known.get(path);
    return seen && seen.size === stat.size && seen.mtimeMs === stat.mtimeMs ? seen.audioHash : null;
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
  const { audio: files, lyrics: lyricsFiles } = walkLibrary(dir);
  // A scan (Subsonic startScan) imports every recorded folder again the same way.
  const root = { path: resolve(dir), publish: options.publish, inPlace: options.inPlace };
  const tagsRead = findImportRoot(db, root.path)?.tagsRead === true;
  rememberImportRoot(db, { ...root, tagsRead });
  const report: ImportReport = { imported: 0, skipped: [], failed: [], notes: [] };
  const songOptions = { ...options, status: options.publish ? ('published' as const) : ('pending' as const), userId: null };
  const unchanged = unchangedSkipper(db, root.path);
  // Once per folder: afterwards an empty field is the file's (or an admin's) say.
  const lacking = tagsRead ? new Set<string>() : songHashesWithoutTagFields(db);
  let done = 0;
  const progress = (name: string) => options.onProgress?.(done++, files.length, name);

  // First every file's stat: unchanged ones are settled here, at a few microseconds each (a
  // re-scan of 100,000 files is mostly this loop); the rest are read below.
  const toRead: { path: string; name: string; stat: Omit<KnownFile, 'audioHash'>; knownHash: string | null }[] = [];
  for (const [index, path] of files.entries()) {
    if (index % STATS_PER_TURN === STATS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
    const name = relative(root.path, path);
    try {
      const info = statSync(path);
      const stat = { size: info.size, mtimeMs: Math.trunc(info.mtimeMs) };
      const knownHash = unchanged(path, stat);
      if (knownHash && !lacking.has(knownHash)) {
        report.skipped.push({ file: name, reason: 'already imported' });
        progress(name);
      } else toRead.push({ path, name, stat, knownHash });
    } catch (error) {
      report.failed.push({ file: name, reason: error instanceof Error ? error.message : String(error) });
      progress(name);
    }
  }

  // What one file comes to: nothing more to write (unchanged, its tag fields filled if lacking),
  // or an entry for the next batch. Notes (an .lrc's) are said at once, as the file is read.
  const readEntry = async ({ path, name, stat, knownHash }: (typeof toRead)[number]): Promise<BatchEntry | null> => {
    if (knownHash) {
      await fillTagFields(db, path, knownHash, lacking);
      return null;
    }
    const note = (reason: string) => report.notes.push({ file: name, reason });
    const stem = path.replace(/\.[^./]*$/, '');
    const lyrics = lyricsFiles.has(`${stem}.lrc`) || lyricsFiles.has(`${stem}.LRC`) ? await sidecarLyrics(path, note) : null;
    return readOne(db, storage, path, name, stat, { ...songOptions, lyrics, lacking });
  };
  let batch: BatchEntry[] = [];
  let batchStarted = 0;
  const leftovers = new Set<string>();
  const flush = () => {
    const outcomes = writeBatch(db, storage, batch);
    for (const hash of leftoverAudio(outcomes)) leftovers.add(hash);
    for (const { entry, outcome, notes } of outcomes) {
      if (outcome instanceof Error) report.failed.push({ file: entry.name, reason: outcome.message });
      else if (outcome === 'imported') report.imported += 1;
      else report.skipped.push({ file: entry.name, reason: outcome });
      for (const reason of notes) report.notes.push({ file: entry.name, reason });
    }
    batch = [];
  };
  // Reads run READ_AHEAD files ahead; outcomes are taken in the files' order.
  const reading = new Map<number, Promise<BatchEntry | null>>();
  const startReading = (index: number) => {
    const item = toRead[index];
    if (item === undefined || reading.has(index)) return;
    const read = readEntry(item);
    read.catch(() => {}); // awaited below, in order
    reading.set(index, read);
  };
  for (const [index, { name }] of toRead.entries()) {
    for (let ahead = 0; ahead <= READ_AHEAD; ahead++) startReading(index + ahead);
    try {
      const entry = await reading.get(index)!;
      if (entry === null) report.skipped.push({ file: name, reason: 'already imported' });
      else {
        if (batch.length === 0) batchStarted = performance.now();
        batch.push(entry);
      }
    } catch (error) {
      report.failed.push({ file: name, reason: error instanceof Error ? error.message : String(error) });
    } finally {
      reading.delete(index);
    }
    progress(name);
    if (batch.length >= (options.batchSongs ?? BATCH_SONGS) || (batch.length > 0 && performance.now() - batchStarted >= BATCH_WAIT_MS)) flush();
  }
  if (batch.length > 0) flush();
  for (const hash of leftovers) await dropIfUnreferenced(db, storage, hash);
  if (!tagsRead) rememberImportRoot(db, { ...root, tagsRead: true });
  options.onProgress?.(files.length, files.length, '');
  return report;
}
