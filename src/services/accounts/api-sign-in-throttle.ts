import type { Db } from '../../../db/client.ts';
import { TooManyRequestsError } from '../../errors.ts';
import { usernameKey } from './device-cookie.ts';
import { Backoff, type BackoffPolicy } from './rate-limiter.ts';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const policy = (free: number): BackoffPolicy => ({ free, baseMs: 5000, maxMs: 15 * MINUTE, forgetMs: DAY });

/**
 * Back-off for the Subsonic API's sign-ins (app passwords, API keys), apart from the web login's:
 * wrong guesses at /rest/ slow down the address that sends them, and that address for that
 * username, but never lock the person out elsewhere. The per-username count only answers wrong
 * guesses with a wait; a verified app password passes it.
 */
export class ApiSignInThrottle {
  private readonly byUserAddress: Backoff;
  private readonly byIp: Backoff;
  private readonly byUsername: Backoff;

  constructor(db: Db) {
    this.byUserAddress = new Backoff(db, 'rest-user-ip', policy(10));
    this.byIp = new Backoff(db, 'rest-ip', policy(20));
    this.byUsername = new Backoff(db, 'rest-user', policy(10));
  }

  /** Before the check: 429 while this address, or this address for this username, must wait. */
  assertMayTry(ip: string, username: string | null, now: number): void {
    const byPair = username === null ? 0 : this.byUserAddress.waitFor(pairKey(ip, username), now);
    assertNoWait(Math.max(byPair, this.byIp.waitFor(ip, now)));
  }

  /**
   * A wrong app password or API key: counts against the address, the pair and the username;
   * then 429 when the username was already waiting (guesses from many addresses), else nothing.
   */
  failedAttempt(ip: string, username: string | null, now: number): void {
    this.byIp.count(ip, now);
    if (username === null) return;
    const key = usernameKey(username);
    const userWait = this.byUsername.waitFor(key, now);
    this.byUserAddress.count(pairKey(ip, username), now);
    this.byUsername.count(key, now);
    assertNoWait(userWait);
  }

  /** A right app password: this address's guesses for this username are forgiven. */
  succeeded(ip: string, username: string): void {
    this.byUserAddress.reset(pairKey(ip, username));
  }
}

// An address holds no space, so the pair cannot be confused; a long name is cut, not stored whole.
const pairKey = (ip: string, username: string) => `${ip} ${usernameKey(username).slice(0, 200)}`;

function assertNoWait(waitMs: number): void {
  if (waitMs > 0) throw new TooManyRequestsError(waitMs / 1000, 'Too many failed logins. Please wait and try again.');
}
