import { existsSync } from 'node:fs';
import type { Database } from 'bun:sqlite';

/** SQLite's WAL-index header: two copies of 48 bytes at the start of the `-shm` file. */
const HEADER_WORDS = 24;
const WAL_INDEX_VERSION = 3007000;

/**
 * Whether any connection, in any process, committed since the last `mark()`: SQLite rewrites
 * the WAL-index header in the memory-mapped `-shm` file on every commit (its own "did anything
 * change" check), so comparing it costs no lock and no system call, where a read takes two.
 * Null when the database has no WAL index to watch (not in WAL mode, in memory).
 */
export function commitProbe(sqlite: Database): { changedSince(): boolean; mark(): void } | null {
  // SQLite's own path for the file (a symlink resolved): its -shm lies beside that one.
  const file = sqlite.query<{ file: string }, []>('PRAGMA database_list').get()?.file;
  const path = `${file}-shm`;
  if (!file || !existsSync(path)) return null;
  // A -shm file left beside a database no longer in WAL mode would never change again.
  const mode = sqlite.query<{ journal_mode: string }, []>('PRAGMA journal_mode').get()?.journal_mode;
  if (mode !== 'wal') return null;
  const mapped = Bun.mmap(path, { shared: true });
  if (mapped.byteLength < HEADER_WORDS * 4) return null;
  const header = new Uint32Array(mapped.buffer, mapped.byteOffset, HEADER_WORDS);
  if (header[0] !== WAL_INDEX_VERSION) return null;
  const seen = new Uint32Array(HEADER_WORDS);
  let marked = false;
  return {
    changedSince() {
      if (!marked) return true;
      for (let i = 0; i < HEADER_WORDS; i++) if (header[i] !== seen[i]) return true;
      return false;
    },
    /** Call before reading what the mark vouches for: a commit in between then shows as a change. */
    mark() {
      seen.set(header);
      marked = true;
    },
  };
}
