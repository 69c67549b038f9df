import type { Db } from '../../../db/client.ts';
import { deleteSession, extendSession, findLiveSession, insertSession } from '../../../db/queries/sessions.ts';
import type { SessionRow, UserRow } from '../../../db/schema/index.ts';
import { randomId } from '../../shared/ids.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding lifetime: extend at most once an hour so reads don't all turn into writes.
const EXTEND_AFTER_MS = 60 * 60 * 1000;

export function startSession(db: Db, userId: number, now: number): SessionRow {
  return insertSession(db, { id: randomId(32), userId, expiresAt: new Date(now + SESSION_TTL_MS) });
}

export interface LiveSession {
  session: SessionRow;
  user: UserRow;
  /** True when the expiry moved: the cookie's lifetime should move with it. */
  extended: boolean;
}

export function resumeSession(db: Db, id: string, now: number): LiveSession | null {
  const found = findLiveSession(db, id, new Date(now));
  if (!found) return null;
  const newExpiry = now + SESSION_TTL_MS;
  if (newExpiry - found.session.expiresAt.getTime() < EXTEND_AFTER_MS) return { ...found, extended: false };
  const expiresAt = new Date(newExpiry);
  extendSession(db, id, expiresAt);
  return { session: { ...found.session, expiresAt }, user: found.user, extended: true };
}

export function endSession(db: Db, id: string): void {
  deleteSession(db, id);
}
