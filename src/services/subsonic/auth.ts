import { createHash } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import { findAppPasswordOwner } from '../../../db/queries/app-passwords.ts';
import { findApiUserById, findApiUserByName } from '../../../db/queries/subsonic.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { TooManyRequestsError } from '../../errors.ts';
import { type AppPasswordKey, checkApiKey, checkPlainPassword, checkToken } from '../accounts/app-passwords.ts';
import type { ApiSignInThrottle } from '../accounts/api-sign-in-throttle.ts';
import { normalizeUsername } from '../names/usernames.ts';
import { SUBSONIC_ERROR, SubsonicError, missing } from './errors.ts';
import type { Params } from './params.ts';

export interface AuthDeps {
  db: Db;
  key: AppPasswordKey;
  throttle: ApiSignInThrottle;
  verified: VerifiedCredentials;
}

const VERIFIED_TTL_MS = 10 * 60 * 1000;
const VERIFIED_MAX = 2000;

/**
 * Credentials checked right lately, by a hash of exactly what was sent: a player fetches every
 * range of a song from one URL (one `t` and `s`), and decrypting each app password per range
 * cost more than serving it. A hit still needs the app password's row (revoked: gone at once).
 */
export class VerifiedCredentials {
  private readonly entries = new Map<string, { appPasswordId: number; userId: number; until: number }>();

  find(db: Db, key: string, now: number): UserRow | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until < now || findAppPasswordOwner(db, entry.appPasswordId) !== entry.userId) {
      this.entries.delete(key);
      return undefined;
    }
    return findApiUserById(db, entry.userId);
  }

  remember(key: string, appPasswordId: number, userId: number, now: number): void {
    if (this.entries.size >= VERIFIED_MAX) this.entries.clear();
    this.entries.set(key, { appPasswordId, userId, until: now + VERIFIED_TTL_MS });
  }
}

const credentialKey = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('base64');

const wrongCredentials = () => new SubsonicError(SUBSONIC_ERROR.wrongCredentials, 'Wrong username or password');

/** `p` in clear or as `enc:` followed by hex; null when the hex is not hex. */
function plainPassword(raw: string): string | null {
  if (!raw.startsWith('enc:')) return raw;
  const hex = raw.slice(4);
  return /^(?:[0-9a-fA-F]{2})*$/.test(hex) ? Buffer.from(hex, 'hex').toString('utf8') : null;
}

/** The sign-in back-off, in the envelope: HTTP 429 with Retry-After. */
function throttled(check: () => void): void {
  try {
    check();
  } catch (error) {
    if (!(error instanceof TooManyRequestsError)) throw error;
    throw new SubsonicError(SUBSONIC_ERROR.generic, error.message, 429, error.headers);
  }
}

/**
 * Who is asking: `apiKey` (OpenSubsonic), or `u` with `t`+`s` (t = md5(app password + s)) or `p`.
 * Only app passwords count, never the web password. Failures slow down the address, and the
 * address for that username, apart from the web login; an unknown name costs the same checks.
 */
export function authenticate({ db, key, throttle, verified }: AuthDeps, params: Params, ip: string, now: number): UserRow {
  const apiKey = params.get('apiKey');
  const username = params.get('u');
  if (apiKey !== undefined) {
    if (username !== undefined) throw new SubsonicError(SUBSONIC_ERROR.conflictingAuth, 'Use either apiKey or u, not both');
    throttled(() => throttle.assertMayTry(ip, null, now));
    const row = checkApiKey(db, apiKey, now);
    const user = row && findApiUserById(db, row.userId);
    if (!user) {
      throttled(() => throttle.failedAttempt(ip, null, now));
      throw new SubsonicError(SUBSONIC_ERROR.invalidApiKey, 'Invalid API key');
    }
    return user;
  }
  if (!username) throw missing('u');
  const [token, salt, password] = [params.get('t'), params.get('s'), params.get('p')];
  if (token === undefined && password === undefined) throw missing(salt === undefined ? 'p' : 't');
  if (token !== undefined && !salt) throw missing('s');
  throttled(() => throttle.assertMayTry(ip, username, now));
  const sent = token !== undefined ? credentialKey('t', username, token, salt!) : credentialKey('p', username, password!);
  const known = verified.find(db, sent, now);
  if (known) return known;
  const user = findApiUserByName(db, normalizeUsername(username));
  // Checked whether or not the name exists (an unknown one against a decoy): the same work.
  const plain = password === undefined ? null : plainPassword(password);
  const row =
    token !== undefined
      ? checkToken(db, key, user?.id, token, salt!, now)
      : checkPlainPassword(db, key, user?.id, plain ?? '', now);
  if (!user || !row || (token === undefined && plain === null)) {
    throttled(() => throttle.failedAttempt(ip, username, now));
    throw wrongCredentials();
  }
  throttle.succeeded(ip, username);
  verified.remember(sent, row.id, user.id, now);
  return user;
}
