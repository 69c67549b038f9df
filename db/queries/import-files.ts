import type { Db } from '../client.ts';
import { importFiles, songs } from '../schema/index.ts';

export interface KnownFile {
  size: number;
  mtimeMs: number;
  audioHash: string;
}

/** Every file an import has seen, by absolute path: one query instead of one per file. */
export function knownImportFiles(db: Db): Map<string, KnownFile> {
  const rows = db.select({ path: importFiles.path, size: importFiles.size, mtimeMs: importFiles.mtimeMs, audioHash: importFiles.audioHash }).from(importFiles).all();
  return new Map(rows.map(({ path, ...file }) => [path, file]));
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

