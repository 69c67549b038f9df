import { closeSync, openSync, readSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gunzipSync } from 'node:zlib';
import { MANIFEST } from './layout.ts';

/** Whether a process with this id runs (EPERM: it does, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The archive a running backup writes beside FILE, renamed to FILE when it is complete. */
export const partName = (file: string, pid = process.pid) => `.${file}.${pid}.part`;
const PART = /^\..+\.(\d+)\.part$/;
const STAGING = /^\.backup-(\d+)-\d+$/;

function head(path: string, length: number): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const bytes = new Uint8Array(length);
    return bytes.subarray(0, readSync(fd, bytes, 0, length, 0));
  } finally {
    closeSync(fd);
  }
}

/** An unfinished archive of ours: empty, or a tar (gzipped or not) whose first entry is the manifest. */
function isBackupPart(path: string): boolean {
  if (!statSync(path).isFile()) return false;
  let bytes = head(path, 64 * 1024);
  if (bytes.length === 0) return true;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      return false;
    }
  }
  const name = new TextDecoder().decode(bytes.subarray(0, 100)).split('\0')[0];
  return name === MANIFEST;
}

/**
 * What a backup killed outright (kill -9, power loss) leaves: its unfinished archive beside the
 * target and its staging folder in DATA_DIR, both holding secret.key. Removed when their process
 * is gone; an archive only when its content shows it is ours. Returns the paths removed.
 */
export function removeStaleBackups(dataDir: string, targetFolder: string): string[] {
  const removed: string[] = [];
  const sweep = (folder: string, pattern: RegExp, ours: (path: string) => boolean) => {
    for (const name of readdirSync(folder)) {
      const pid = Number(pattern.exec(name)?.[1]);
      const path = join(folder, name);
      try {
        if (!pid || pid === process.pid || alive(pid) || !ours(path)) continue;
        rmSync(path, { recursive: true, force: true });
        removed.push(path);
      } catch {
        // Gone or renamed meanwhile (another backup finishing): nothing of this one to clean.
      }
    }
  };
  sweep(dataDir, STAGING, () => true);
  sweep(targetFolder, PART, isBackupPart);
  return removed;
}
