import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sessions one browser holds (a family tablet): the `hearth_profiles` cookie lists their ids,
 * signed, so a switch can only land on a session this browser was given by a sign-in. Newest last.
 */
export const MAX_HELD_SESSIONS = 6;
const SESSION_ID = /^[\w-]{16,64}$/;

const mac = (secret: string, list: string) => createHmac('sha256', secret).update(`hearth-profiles\n${list}`).digest('base64url');

/** The session ids in a cookie value; none when it is missing, malformed or its signature is wrong. */
export function readHeldSessions(secret: string, cookie: string | undefined): string[] {
  if (!cookie || cookie.length > 1024) return [];
  const dot = cookie.lastIndexOf('.');
  if (dot <= 0) return [];
  const list = cookie.slice(0, dot);
  const given = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(mac(secret, list));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  const ids = list.split('~');
  return ids.every((id) => SESSION_ID.test(id)) ? ids.slice(-MAX_HELD_SESSIONS) : [];
}

/** The cookie value for `ids` (deduplicated, the last MAX_HELD_SESSIONS kept), or null for none. */
export function writeHeldSessions(secret: string, ids: readonly string[]): string | null {
  const unique = ids.filter((id, at) => SESSION_ID.test(id) && ids.lastIndexOf(id) === at).slice(-MAX_HELD_SESSIONS);
  if (unique.length === 0) return null;
  const list = unique.join('~');
  return `${list}.${mac(secret, list)}`;
}
