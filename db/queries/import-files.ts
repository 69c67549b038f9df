import type { Db } from '../client.ts';
import { importFiles, songs } from '../schema/index.ts';

export interface KnownFile {
  size: number;
  mtimeMs: number;
  audioHash: string;
}

/**
 * Every file an import has seen, by absolute path, in one query. Raw values rather than
 * drizzle rows: mapping 10,000 row objects was a fifth of an unchanged re-import.
 */
export function knownImportFiles(db: Db): Map<string, KnownFile> {
  const rows = db.$client.prepare('SELECT path, size, mtime_ms, audio_hash FROM import_files').values() as [string, number, number, string][];
  const known = new Map<string, KnownFile>();
  for (const [path, size, mtimeMs, audioHash] of rows) known.set(path, { size, mtimeMs, audioHash });
  return known;
}

/** Records (or updates) what `path` held when it was imported or found already imported. */
export function rememberImportFile(db: Db, path: string, file: KnownFile): void {
  db.insert(importFiles)
    .values({ path, ...file })
    .onConflictDoUpdate({ target: importFiles.path, set: file })
    .run();
}

/** The content hashes of every song, trashed ones included (import never adds a song twice). */
export function songAudioHashes(db: Db): Set<string> {
  return new Set(db.selectDistinct({ hash: songs.audioHash }).from(songs).all().map((row) => row.hash));
}

