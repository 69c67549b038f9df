import { TooManyRequestsError } from '../../errors.ts';
import { RateLimiter } from './rate-limiter.ts';

const WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed logins are limited per client address and per username, so neither guessing many
 * passwords for one account nor spraying one password across accounts gets far.
 */
export class LoginThrottle {
  private readonly byIp = new RateLimiter(20, WINDOW_MS);
  private readonly byUsername = new RateLimiter(10, WINDOW_MS);
  private readonly registrations = new RateLimiter(10, 60 * 60 * 1000);

  assertAllowed(ip: string, username: string, now: number): void {
    const wait = Math.max(this.byIp.blockedFor(ip, now), this.byUsername.blockedFor(key(username), now));
    if (wait > 0) throw new TooManyRequestsError(wait / 1000, 'Too many failed logins. Please wait and try again.');
  }

  recordFailure(ip: string, username: string, now: number): void {
    this.byIp.record(ip, now);
    this.byUsername.record(key(username), now);
  }

  recordSuccess(username: string): void {
    this.byUsername.reset(key(username));
  }

  assertRegistrationAllowed(ip: string, now: number): void {
    const wait = this.registrations.blockedFor(ip, now);
    if (wait > 0) throw new TooManyRequestsError(wait / 1000, 'Too many registrations. Please try again later.');
    this.registrations.record(ip, now);
  }
}

const key = (username: string) => username.trim().toLowerCase();
