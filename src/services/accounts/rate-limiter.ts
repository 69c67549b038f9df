import type { Db } from '../../../db/client.ts';
import { deleteRateLimit, readRateLimit, writeRateLimit } from '../../../db/queries/rate-limits.ts';

// Counters live in SQLite (db/schema/rate-limits.ts) so a restart does not reset them. Each
// check-and-count runs synchronously (bun:sqlite), so no other request can slip in between.

/** A fixed window: `limit` events per `windowMs` for each subject (an address, a name). */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Milliseconds until `subject` may try again, or 0 when it is under the limit. */
  blockedFor(subject: string, now: number): number {
    const row = readRateLimit(this.db, `${this.scope}:${subject}`);
    if (!row || row.resetAt <= now) return 0;
    return row.count >= this.limit ? row.resetAt - now : 0;
  }

  record(subject: string, now: number): void {
    const key = `${this.scope}:${subject}`;
    const row = readRateLimit(this.db, key);
    if (!row || row.resetAt <= now) writeRateLimit(this.db, { key, count: 1, blockedUntil: 0, resetAt: now + this.windowMs });
    else writeRateLimit(this.db, { ...row, count: row.count + 1 });
  }

  reset(subject: string): void {
    deleteRateLimit(this.db, `${this.scope}:${subject}`);
  }
}

export interface BackoffPolicy {
  /** Attempts allowed before any wait. */
  free: number;
  /** The first wait; each further attempt doubles it, up to `maxMs`. */
  baseMs: number;
  maxMs: number;
  /** The count is forgotten this long after the last attempt. */
  forgetMs: number;
}

/**
 * Exponential back-off: after `free` attempts each one makes the next wait twice as long. An
 * attempt is counted before it is checked (`count`) and given back if it was right (`release`).
 */
export class Backoff {
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    readonly policy: BackoffPolicy,
  ) {}

  /** Milliseconds `subject` must wait before its next attempt, or 0. */
  waitFor(subject: string, now: number): number {
    const row = readRateLimit(this.db, `${this.scope}:${subject}`);
    if (!row || row.resetAt <= now) return 0;
    return Math.max(0, row.blockedUntil - now);
  }

  count(subject: string, now: number): void {
    const key = `${this.scope}:${subject}`;
    const row = readRateLimit(this.db, key);
    const count = row && row.resetAt > now ? row.count + 1 : 1;
    const { free, baseMs, maxMs, forgetMs } = this.policy;
    const blockedUntil = count >= free ? now + Math.min(maxMs, baseMs * 2 ** Math.min(30, count - free)) : 0;
    writeRateLimit(this.db, { key, count, blockedUntil, resetAt: now + forgetMs });
  }

  /** A counted attempt that turned out right: it no longer counts (its wait goes once under `free`). */
  release(subject: string): void {
    const key = `${this.scope}:${subject}`;
    const row = readRateLimit(this.db, key);
    if (!row) return;
    if (row.count <= 1) deleteRateLimit(this.db, key);
    else writeRateLimit(this.db, { ...row, count: row.count - 1, blockedUntil: row.count - 1 >= this.policy.free ? row.blockedUntil : 0 });
  }

  /** Forgets the count; a read first, since most sign-ins have nothing to forget (no write then). */
  reset(subject: string): void {
    const key = `${this.scope}:${subject}`;
    if (readRateLimit(this.db, key)) deleteRateLimit(this.db, key);
  }
}
