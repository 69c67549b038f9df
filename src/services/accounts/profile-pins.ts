import type { Db } from '../../../db/client.ts';
import { setPinHash } from '../../../db/queries/users.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { BadRequestError, ForbiddenError, TooManyRequestsError } from '../../errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { Backoff } from './rate-limiter.ts';
import { isRestricted } from '../../../db/queries/visibility.ts';

export const PIN_PATTERN = /^\d{4,6}$/;
export const PIN_SHAPE = 'A PIN is 4 to 6 digits';
export const WRONG_PIN = 'That PIN is not right';
export const PIN_NEEDED = 'This profile needs its PIN';
export const WRONG_PASSWORD_FOR_PIN = 'Your password is not right';
export const NO_PIN_FOR_CHILDREN = "A child's profile has no PIN";
const TOO_MANY_PINS = 'Too many wrong PINs. Please wait and try again.';

/**
 * What switching to a profile asks for: a grown-up's PIN; nothing for a child (a restricted
 * member, or a member with no PIN and no admin rights); an admin without a PIN cannot be
 * switched to at all and signs in with the password instead.
 */
export type SwitchNeeds = 'pin' | 'nothing' | 'password';

export function switchNeeds(user: UserRow): SwitchNeeds {
  if (user.isAdmin) return user.pinHash ? 'pin' : 'password';
  if (isRestricted(user)) return 'nothing';
  return user.pinHash ? 'pin' : 'nothing';
}

const MINUTE = 60 * 1000;

/** Guesses at one member's PIN: 5 free, then 30 s doubling up to 15 minutes; forgotten after a day. */
export class PinThrottle {
  private readonly byUser: Backoff;

  constructor(db: Db) {
    this.byUser = new Backoff(db, 'pin-user', { free: 5, baseMs: 30 * 1000, maxMs: 15 * MINUTE, forgetMs: 24 * 60 * MINUTE });
  }

  /**
   * Throws 403 without a PIN, 429 while the member's guesses must wait, 403 for a wrong PIN. The
   * guess is counted before the (slow) check, so parallel guesses cannot outrun the back-off.
   */
  async check(user: UserRow, pin: string | undefined, now: number): Promise<void> {
    if (pin === undefined || pin === '') throw new ForbiddenError(PIN_NEEDED);
    const key = String(user.id);
    const wait = this.byUser.waitFor(key, now);
    if (wait > 0) throw new TooManyRequestsError(wait / 1000, TOO_MANY_PINS);
    this.byUser.count(key, now);
    const right = PIN_PATTERN.test(pin) && user.pinHash !== null && (await verifyPassword(pin, user.pinHash));
    if (!right) throw new ForbiddenError(WRONG_PIN);
    this.byUser.reset(key);
  }
}

/** What a PIN change may be, before any password is checked (so a typo never counts as a login). */
export function checkPinChange(user: UserRow, pin: string | null): void {
  if (pin !== null && !PIN_PATTERN.test(pin)) throw new BadRequestError(PIN_SHAPE);
  if (pin !== null && isRestricted(user)) throw new ForbiddenError(NO_PIN_FOR_CHILDREN);
}

/**
 * A member sets (pin) or clears (null) their own PIN on Account, with their password: a PIN guards
 * their profile on shared devices, so whoever holds the screen must not change it. `onRightPassword`
 * hands the caller's login back-off its attempt back, as the password change does.
 */
export async function changeOwnPin(
  db: Db,
  user: UserRow,
  change: { password: string; pin: string | null },
  onRightPassword: () => void,
): Promise<void> {
  checkPinChange(user, change.pin);
  if (!(await verifyPassword(change.password, user.passwordHash))) throw new BadRequestError(WRONG_PASSWORD_FOR_PIN);
  onRightPassword();
  setPinHash(db, user.id, change.pin === null ? null : await hashPassword(change.pin));
}
