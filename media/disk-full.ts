import { InsufficientStorageError } from '../src/errors.ts';

export const DISK_FULL_MESSAGE = 'The server is out of disk space';

// No space (ENOSPC), a user's disk quota (EDQUOT), SQLite's "database or disk is full".
const FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && FULL.has(code);
}

/** A full disk as the 507 a person understands; any other error as it was. */
export function diskFullAware(error: unknown): unknown {
  return isDiskFull(error) ? new InsufficientStorageError(DISK_FULL_MESSAGE) : error;
}
