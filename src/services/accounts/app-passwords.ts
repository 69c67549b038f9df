import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import {
  deleteAppPassword,
  findAppPasswordByApiKeyHash,
  insertAppPassword,
  listAppPasswordsOfUser,
  touchAppPassword,
} from '../../../db/queries/app-passwords.ts';
import type { AppPasswordRow } from '../../../db/schema/index.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { AppPasswordDto, NewAppPasswordDto } from '../../shared/types.ts';
import { cleanText } from '../../shared/text.ts';

export const APP_PASSWORD_NAME_MAX = 64;
export const APP_PASSWORDS_PER_USER = 20;
// Easy to read off one screen and type on a phone: no l/1, o/0. 24 symbols of 32 = 120 bits.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const GROUPS = 6;
const GROUP = 4;
// lastUsedAt is moved at most this often, so streaming a song is not a write per range.
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** The AES-256-GCM key for app passwords, derived (HKDF-SHA256) from DATA_DIR/secret.key. */
export type AppPasswordKey = Buffer & { readonly __appPasswordKey: true };

/** Derived once by each route plugin that needs it, when the app is built (no cache: one HKDF). */
export function appPasswordKey(secret: string): AppPasswordKey {
  return Buffer.from(hkdfSync('sha256', secret, 'hearth', 'app-passwords v1', 32)) as AppPasswordKey;
}

function encrypt(key: AppPasswordKey, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')}`;
}

/** The secret in clear, or null when it does not decrypt (a different secret.key). */
function decrypt(key: AppPasswordKey, stored: string): string | null {
  if (!stored.startsWith('v1:')) return null;
  const raw = Buffer.from(stored.slice(3), 'base64');
  if (raw.length < 12 + 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

function generateSecret(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** The forms a person may have typed: as shown, or without the dashes. */
const typedForms = (secret: string) => [secret, secret.replaceAll('-', '')];

const toDto = (row: AppPasswordRow): AppPasswordDto => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
});

export function listAppPasswords(db: Db, userId: number): AppPasswordDto[] {
  return listAppPasswordsOfUser(db, userId).map(toDto);
}

/** A new app password: the secret is in the answer this once and never again. */
export function createAppPassword(db: Db, key: AppPasswordKey, userId: number, rawName: string, now: number): NewAppPasswordDto {
  const name = cleanText(rawName);
  if (!name) throw new BadRequestError('Give the app password a name');
  if (name.length > APP_PASSWORD_NAME_MAX) throw new BadRequestError(`The name may be at most ${APP_PASSWORD_NAME_MAX} characters`);
  return db.transaction(() => {
    const existing = listAppPasswordsOfUser(db, userId);
    if (existing.length >= APP_PASSWORDS_PER_USER) {
      throw new ConflictError(`You can have at most ${APP_PASSWORDS_PER_USER} app passwords; revoke one first`);
    }
    if (existing.some((row) => row.name.toLowerCase() === name.toLowerCase())) {
      throw new ConflictError(`You already have an app password named "${name}"`);
    }
    const secret = generateSecret();
    const row = insertAppPassword(db, {
      userId,
      name,
      secretEncrypted: encrypt(key, secret),
      apiKeyHash: sha256(secret),
      createdAt: new Date(now),
    });
    return { ...toDto(row), password: secret };
  });
}

/** Revoked means gone: the next request with it is refused. */
export function revokeAppPassword(db: Db, userId: number, id: number): void {
  if (!deleteAppPassword(db, userId, id)) throw new NotFoundError('App password not found');
}

function used(db: Db, row: AppPasswordRow, now: number): AppPasswordRow {
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) touchAppPassword(db, row.id, new Date(now));
  return row;
}

// One app password nobody holds, per key: what an unknown name (or a user without app passwords)
// is checked against, so a refusal costs the same work whether or not the name exists.
const decoys = new WeakMap<AppPasswordKey, AppPasswordRow>();

function decoy(key: AppPasswordKey): AppPasswordRow {
  let row = decoys.get(key);
  if (!row) {
    const secret = generateSecret();
    row = { id: 0, userId: 0, name: '', secretEncrypted: encrypt(key, secret), apiKeyHash: sha256(secret), createdAt: new Date(0), lastUsedAt: null };
    decoys.set(key, row);
  }
  return row;
}

/** The user's app passwords to check a sign-in against, or the decoy when there are none. */
function toCheck(db: Db, key: AppPasswordKey, userId: number | undefined): AppPasswordRow[] {
  const rows = listAppPasswordsOfUser(db, userId ?? 0);
  return rows.length > 0 ? rows : [decoy(key)];
}

/** The matching row unless it is the decoy (which nobody can match anyway: its secret is dropped). */
const real = (db: Db, row: AppPasswordRow | undefined, now: number) => (row && row.id !== 0 ? used(db, row, now) : null);

/** Subsonic `p`: one of the user's app passwords in clear (dashes optional); no user checks the decoy. */
export function checkPlainPassword(db: Db, key: AppPasswordKey, userId: number | undefined, password: string, now: number): AppPasswordRow | null {
  const typed = password.replaceAll('-', '');
  const match = toCheck(db, key, userId).find((row) => {
    const secret = decrypt(key, row.secretEncrypted);
    return secret !== null && sameText(secret.replaceAll('-', ''), typed);
  });
  return real(db, match, now);
}

/** Subsonic `t` and `s`: t = md5(app password + s), for the password as shown or without dashes. */
export function checkToken(db: Db, key: AppPasswordKey, userId: number | undefined, token: string, salt: string, now: number): AppPasswordRow | null {
  const wanted = token.toLowerCase();
  const match = toCheck(db, key, userId).find((row) => {
    const secret = decrypt(key, row.secretEncrypted);
    return secret !== null && typedForms(secret).some((form) => sameText(md5(form + salt), wanted));
  });
  return real(db, match, now);
}

/** OpenSubsonic `apiKey`: the app password itself, found by its hash (it names the user). */
export function checkApiKey(db: Db, apiKey: string, now: number): AppPasswordRow | null {
  const bare = apiKey.trim().toLowerCase().replaceAll('-', '');
  const shown = bare.length === GROUPS * GROUP ? (bare.match(/.{4}/g) ?? []).join('-') : apiKey.trim();
  const row = findAppPasswordByApiKeyHash(db, sha256(shown));
  return row ? used(db, row, now) : null;
}
