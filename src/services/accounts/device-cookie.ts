import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomId } from '../../shared/ids.ts';
import { normalizeUsername } from '../names/usernames.ts';

/**
 * OWASP's device cookies: a browser that signed in as a user gets a token naming that user
 * (by MAC, not in clear), so later failures from elsewhere never lock it out. One cookie
 * holds the tokens of the last few users of a family computer.
 */
export const DEVICE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const MAX_TOKENS = 5;
const TOKEN = /^([\w-]{16,64})\.(\d{1,12})\.([\w-]{43})$/;

// The same normalisation sign-in uses (NFC), so no spelling of a name gets a counter of its own.
export const usernameKey = (username: string) => normalizeUsername(username).toLowerCase();

function mac(secret: string, username: string, nonce: string, expires: string): string {
  return createHmac('sha256', secret).update(`hearth-device\n${usernameKey(username)}\n${nonce}\n${expires}`).digest('base64url');
}

interface Token {
  raw: string;
  nonce: string;
  expiresAt: number;
  mac: string;
}

function tokens(cookie: string | undefined, now: number): Token[] {
  if (!cookie || cookie.length > 2048) return [];
  return cookie.split('~').flatMap((raw) => {
    const match = TOKEN.exec(raw);
    if (!match) return [];
    const expiresAt = Number(match[2]) * 1000;
    return expiresAt > now ? [{ raw, nonce: match[1]!, expiresAt, mac: match[3]! }] : [];
  });
}

const macMatches = (token: Token, expected: string) =>
  timingSafeEqual(Buffer.from(token.mac), Buffer.from(expected));

const isFor = (secret: string, username: string) => (token: Token) =>
  macMatches(token, mac(secret, username, token.nonce, String(token.expiresAt / 1000)));

/** The id of this browser's live token for `username`, or null when the browser is not trusted for it. */
export function trustedDevice(secret: string, cookie: string | undefined, username: string, now: number): string | null {
  return tokens(cookie, now).find(isFor(secret, username))?.nonce ?? null;
}

/** The cookie value after a successful sign-in: a fresh 30-day token for `username`, the others kept. */
export function rememberDevice(secret: string, cookie: string | undefined, username: string, now: number): string {
  const others = tokens(cookie, now).filter((token) => !isFor(secret, username)(token));
  const nonce = randomId(16);
  const expires = String(Math.floor((now + DEVICE_TTL_MS) / 1000));
  const fresh = `${nonce}.${expires}.${mac(secret, username, nonce, expires)}`;
  return [...others.map((token) => token.raw), fresh].slice(-MAX_TOKENS).join('~');
}
