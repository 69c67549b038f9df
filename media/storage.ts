import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diskFullAware } from './disk-full.ts';
import { HASH_PATTERN, audioFilePath } from './paths.ts';
import type { ImageFormat } from './sniff.ts';

export interface StoredFacts {
  size: number;
  mtimeMs: number;
}

/**
 * Content-addressed audio originals, on disk under DATA_DIR/media/audio or in an S3 bucket
 * (media/s3-storage.ts) under the same relative keys (`audio/<2 hex>/<hash>`).
 */
export interface AudioStore {
  readonly kind: 'disk' | 's3';
  /** Moves a checked temp file in (uploading it to a bucket); if the bytes are already stored, drops the temp. */
  commit(tempPath: string, hash: string): Promise<void>;
  remove(hash: string): Promise<void>;
  stat(hash: string): Promise<StoredFacts | null>;
  /** The bytes as a lazy Blob (a file, or an S3File): `slice()` reads only that range. */
  blob(hash: string): Blob;
  /** Where a tool (ffmpeg) reads it: a file path, or a presigned URL valid for `seconds`. */
  location(hash: string, seconds?: number): string;
  /** Every stored hash with its time, for garbage collection and migration. */
  list(): AsyncIterable<{ hash: string } & StoredFacts>;
}

/**
 * Content-addressed media under DATA_DIR/media. New bytes are written to `tmp/`, checked,
 * then renamed into place (atomic on one filesystem); the same bytes are stored once.
 */
export interface MediaStorage {
  readonly root: string;
  readonly tmpDir: string;
  /** A fresh temporary file name under tmp/ (not created). */
  tempPath(): string;
  /** Song audio: in this folder, or in a bucket. */
  readonly audio: AudioStore;
  imagePath(hash: string, format: ImageFormat): string;
  previewPath(hash: string): string;
  /** Writes bytes to a fresh temp file; on failure (a full disk: 507) nothing is left. */
  writeTemp(data: Uint8Array): string;
  /** Moves a checked temp file into place; if the bytes are already stored, drops the temp. */
  commit(tempPath: string, finalPath: string): void;
  /** commit of bytes in memory: written (through tmp/) only when not stored yet. */
  storeBytes(data: Uint8Array, finalPath: string): void;
  remove(path: string): void;
  /** Modification time in ms, or null when missing. */
  mtime(path: string): number | null;
  /**
   * Runs `make` for a derived file (a preview, a resized cover) at most once at a time per
   * target path: concurrent requests share that run; nothing is kept after it settles.
   */
  makeOnce<T>(target: string, make: () => Promise<T>): Promise<T>;
}

/** Temp names carry the writer's pid and the time: `p<pid>-<ms>-<uuid>.part`. */
const TEMP_NAME = /^p(\d+)-(\d+)-.*\.part$/;
const STARTED_AT = performance.timeOrigin;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * Partial files left by a crash, removed when a process opens the storage (the server at
 * start-up, or the CLI). A part whose writer is still running (the server while the CLI
 * starts, or the reverse) is kept; older names without a pid are all leftovers.
 */
function removeLeftoverParts(tmpDir: string): number {
  let removed = 0;
  for (const name of readdirSync(tmpDir)) {
    if (!name.endsWith('.part')) continue;
    const [, pid, time] = TEMP_NAME.exec(name) ?? [];
    // Our own pid on a part older than this process: a crashed predecessor (pid 1 in a container).
    const ours = Number(pid) === process.pid;
    if (pid && (ours ? Number(time) >= STARTED_AT : processIsAlive(Number(pid)))) continue;
    rmSync(join(tmpDir, name), { force: true });
    removed += 1;
  }
  return removed;
}

/** Audio under DATA_DIR/media/audio, moved in by rename. */
export function diskAudioStore(mediaDir: string, commit: (tempPath: string, finalPath: string) => void): AudioStore {
  const path = (hash: string) => audioFilePath(mediaDir, hash);
  return {
    kind: 'disk',
    commit: async (tempPath, hash) => commit(tempPath, path(hash)),
    remove: async (hash) => rmSync(path(hash), { force: true }),
    async stat(hash) {
      const stat = statSync(path(hash), { throwIfNoEntry: false });
      return stat?.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs } : null;
    },
    blob: (hash) => Bun.file(path(hash)),
    location: (hash) => path(hash),
    async *list() {
      const dir = join(mediaDir, 'audio');
      for (const shard of existsSync(dir) ? readdirSync(dir) : []) {
        for (const name of readdirSync(join(dir, shard))) {
          if (!HASH_PATTERN.test(name)) continue;
          const stat = statSync(join(dir, shard, name), { throwIfNoEntry: false });
          if (stat?.isFile()) yield { hash: name, size: stat.size, mtimeMs: stat.mtimeMs };
        }
      }
    },
  };
}

/** Media on disk; `audio` can be swapped for a bucket (media/s3-storage.ts). */
export function localStorage(mediaDir: string, audio?: AudioStore): MediaStorage {
  const tmpDir = join(mediaDir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  removeLeftoverParts(tmpDir);
  const tempPath = () => join(tmpDir, `p${process.pid}-${Date.now()}-${crypto.randomUUID()}.part`);
  const making = new Map<string, Promise<unknown>>();
  const sharded = (kind: string, hash: string, file: string) => {
    if (!HASH_PATTERN.test(hash)) throw new Error(`not a content hash: ${hash}`);
    return join(mediaDir, kind, hash.slice(0, 2), file);
  };
  // Fresh mtime: garbage collection spares recently (re)used files during an upload.
  const reuse = (finalPath: string) => {
    const now = new Date();
    utimesSync(finalPath, now, now);
  };
  const commit = (tempPath: string, finalPath: string) => {
    if (existsSync(finalPath)) {
      rmSync(tempPath, { force: true });
      reuse(finalPath);
      return;
    }
    try {
      // The shard folder exists for all but the first file in it: rename first, mkdir if missing.
      try {
        renameSync(tempPath, finalPath);
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'ENOENT' || !existsSync(tempPath)) throw error;
        mkdirSync(join(finalPath, '..'), { recursive: true });
        renameSync(tempPath, finalPath);
      }
    } catch (error) {
      rmSync(tempPath, { force: true });
      throw diskFullAware(error);
    }
  };
  const writeTemp = (data: Uint8Array) => {
    const path = tempPath();
    try {
      writeFileSync(path, data, { mode: 0o600, flag: 'wx' });
      return path;
    } catch (error) {
      rmSync(path, { force: true });
      throw diskFullAware(error);
    }
  };
  return {
    root: mediaDir,
    tmpDir,
    tempPath,
    audio: audio ?? diskAudioStore(mediaDir, commit),
    writeTemp,
    // The songs of an album share their cover: written once, then only its mtime refreshed.
    storeBytes: (data, finalPath) => (existsSync(finalPath) ? reuse(finalPath) : commit(writeTemp(data), finalPath)),
    imagePath: (hash, format) => sharded('images', hash, `${hash}.${format}`),
    previewPath: (hash) => sharded('previews', hash, `${hash}.jpg`),
    commit,
    remove: (path) => rmSync(path, { force: true }),
    mtime(path) {
      try {
        return statSync(path).mtimeMs;
      } catch {
        return null;
      }
    },
    makeOnce<T>(target: string, make: () => Promise<T>): Promise<T> {
      let pending = making.get(target) as Promise<T> | undefined;
      if (!pending) {
        pending = make().finally(() => making.delete(target));
        making.set(target, pending);
      }
      return pending;
    },
  };
}
