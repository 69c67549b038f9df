import { existsSync, mkdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { HASH_PATTERN, audioFilePath } from './paths.ts';
import type { ImageFormat } from './sniff.ts';

/**
 * Content-addressed media under DATA_DIR/media. New bytes are written to `tmp/`, checked,
 * then renamed into place (atomic on one filesystem); the same bytes are stored once.
 */
export interface MediaStorage {
  readonly root: string;
  readonly tmpDir: string;
  /** A fresh temporary file name under tmp/ (not created). */
  tempPath(): string;
  audioPath(hash: string): string;
  imagePath(hash: string, format: ImageFormat): string;
  previewPath(hash: string): string;
  /** Moves a checked temp file into place; if the bytes are already stored, drops the temp. */
  commit(tempPath: string, finalPath: string): void;
  remove(path: string): void;
  /** Modification time in ms, or null when missing. */
  mtime(path: string): number | null;
}

export function localStorage(mediaDir: string): MediaStorage {
  const tmpDir = join(mediaDir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  const sharded = (kind: string, hash: string, file: string) => {
    if (!HASH_PATTERN.test(hash)) throw new Error(`not a content hash: ${hash}`);
    return join(mediaDir, kind, hash.slice(0, 2), file);
  };
  return {
    root: mediaDir,
    tmpDir,
    tempPath: () => join(tmpDir, `${Date.now()}-${crypto.randomUUID()}.part`),
    audioPath: (hash) => audioFilePath(mediaDir, hash),
    imagePath: (hash, format) => sharded('images', hash, `${hash}.${format}`),
    previewPath: (hash) => sharded('previews', hash, `${hash}.jpg`),
    commit(tempPath, finalPath) {
      if (existsSync(finalPath)) {
        rmSync(tempPath, { force: true });
        // Fresh mtime: garbage collection spares recently (re)used files during an upload.
        const now = new Date();
        utimesSync(finalPath, now, now);
        return;
      }
      mkdirSync(join(finalPath, '..'), { recursive: true });
      renameSync(tempPath, finalPath);
    },
    remove: (path) => rmSync(path, { force: true }),
    mtime(path) {
      try {
        return statSync(path).mtimeMs;
      } catch {
        return null;
      }
    },
  };
}
