import type { Db } from '../../../db/client.ts';
import { TooManyRequestsError } from '../../errors.ts';
import { rememberDevice, trustedDevice, usernameKey } from './device-cookie.ts';
import { Backoff, type BackoffPolicy, RateLimiter } from './rate-limiter.ts';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const policy = (free: number): BackoffPolicy => ({ free, baseMs: 5000, maxMs: 15 * MINUTE, forgetMs: DAY });

export interface LoginAttempt {
  ip: string;
  username: string;
  /** The browser's device cookie, if it sent one. */
  deviceCookie: string | undefined;
}

/** What an attempt counted against, handed back to `succeeded`. */
export interface Reservation {
  attempt: LoginAttempt;
  device: string | null;
}

/**
 * Login back-off (OWASP "slow down online guessing with device cookies"). A browser that signed
 * in as this user within 30 days is throttled only by its own failures; any other attempt by
 * the username's and the address's, each doubling its wait after a few free failures. Attempts
 * are counted before the password is checked, so parallel requests cannot outrun the limits.
 */
export class LoginThrottle {
  private readonly byUsername: Backoff;
  private readonly byIp: Backoff;
  private readonly byDevice: Backoff;
  private readonly registrations: RateLimiter;

  constructor(
    db: Db,
    private readonly secret: string,
  ) {
    this.byUsername = new Backoff(db, 'login-user', policy(10));
    this.byIp = new Backoff(db, 'login-ip', policy(20));
    this.byDevice = new Backoff(db, 'login-device', policy(10));
    this.registrations = new RateLimiter(db, 'register-ip', 10, 60 * MINUTE);
  }

  /** Counts the attempt as a failure until `succeeded`; throws 429 when it must wait. */
  reserve(attempt: LoginAttempt, now: number): Reservation {
    const user = usernameKey(attempt.username);
    const device = trustedDevice(this.secret, attempt.deviceCookie, attempt.username, now);
    if (device) {
      assertNoWait(this.byDevice.waitFor(device, now));
      this.byDevice.count(device, now);
    } else {
      assertNoWait(Math.max(this.byUsername.waitFor(user, now), this.byIp.waitFor(attempt.ip, now)));
      this.byUsername.count(user, now);
      this.byIp.count(attempt.ip, now);
    }
    return { attempt, device };
  }

  /** The password was right: its attempt no longer counts. Returns the device cookie to set. */
  succeeded({ attempt, device }: Reservation, now: number): string {
    // A trusted browser's success leaves the username's count alone: that count is about others.
    if (device) this.byDevice.reset(device);
    else {
      this.byIp.release(attempt.ip);
      this.byUsername.reset(usernameKey(attempt.username));
    }
    return rememberDevice(this.secret, attempt.deviceCookie, attempt.username, now);
  }

  assertRegistrationAllowed(ip: string, now: number): void {
    const wait = this.registrations.blockedFor(ip, now);
    if (wait > 0) throw new TooManyRequestsError(wait / 1000, 'Too many registrations. Please try again later.');
    this.registrations.record(ip, now);
  }
}

function assertNoWait(waitMs: number): void {
  if (waitMs > 0) throw new TooManyRequestsError(waitMs / 1000, 'Too many failed logins. Please wait and try again.');
}
