import type { Db } from '../../../db/client.ts';
import { type KnownFile, rememberImportFile } from '../../../db/queries/import-files.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import { type CheckedAudio, DuplicateAudioError, type SongOptions, audioNotes, createSong } from './audio.ts';

/** Songs written per transaction, at most: one commit per song was a third of a fresh import. */
export const BATCH_SONGS = 200;
/** ...and a batch waits at most this long (ms), so a slow disk's songs still appear as they come. */
export const BATCH_WAIT_MS = 1000;

/** One file read and checked, waiting for its rows: a new song, or (song null) its bytes already are one. */
export interface BatchEntry {
  name: string;
  path: string;
  file: KnownFile;
  song: { audio: CheckedAudio; options: SongOptions; stored: boolean } | null;
}

export interface BatchOutcome {
  entry: BatchEntry;
  /** 'imported', 'already imported', or why the file failed. */
  outcome: 'imported' | 'already imported' | Error;
  notes: string[];
}

/**
 * Writes a batch in one transaction: each new song (with its album and lyrics) and every file's
 * import record, so a crash leaves whole songs only and the files not yet recorded are read
 * again by the next run. The check for a song with the same audio runs per song under the write
 * lock (another import, or an earlier file of this batch, may have added it); a song that fails
 * otherwise rolls back alone (its savepoint) and fails only its file. Audio stored for a file
 * that did not become a song is left to the caller (leftoverAudio): a file read ahead for the
 * next batch may hold the same bytes, so it may only go once the import is over.
 */
export function writeBatch(db: Db, storage: MediaStorage, entries: BatchEntry[]): BatchOutcome[] {
  try {
    return db.transaction((tx) => entries.map((entry) => writeOne(tx as unknown as Db, storage, entry)));
  } catch (error) {
    // The whole transaction failed (the lock never came, the disk is full): no row of it exists.
    const failure = error instanceof Error ? error : new Error(String(error));
    return entries.map((entry) => ({ entry, outcome: failure, notes: [] }));
  }
}

/** The hashes of audio stored for files that did not become songs: removed unless a song uses them. */
export function leftoverAudio(outcomes: BatchOutcome[]): string[] {
  return outcomes.filter(({ entry, outcome }) => entry.song?.stored && outcome !== 'imported').map(({ entry }) => entry.song!.audio.hash);
}

function writeOne(tx: Db, storage: MediaStorage, entry: BatchEntry): BatchOutcome {
  const remember = () => rememberImportFile(tx, entry.path, entry.file);
  if (!entry.song) {
    remember();
    return { entry, outcome: 'already imported', notes: [] };
  }
  try {
    createSong(tx, storage, entry.song.audio, entry.song.options);
  } catch (error) {
    if (!(error instanceof DuplicateAudioError)) return { entry, outcome: error instanceof Error ? error : new Error(String(error)), notes: [] };
    remember();
    return { entry, outcome: 'already imported', notes: [] };
  }
  remember();
  return { entry, outcome: 'imported', notes: audioNotes(entry.song.audio) };
}
