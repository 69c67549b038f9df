import unhomoglyph from 'unhomoglyph';
import type { Db } from '../../../db/client.ts';
import { listUsers } from '../../../db/queries/users.ts';
import { ConflictError } from '../../errors.ts';

/** A username as stored and looked up: NFC (one spelling per name), trimmed. */
export function normalizeUsername(raw: string): string {
  return raw.normalize('NFC').trim();
}

// The generic diacritic blocks (Latin, Greek, Cyrillic accents, marks for symbols), never a
// script's own vowel signs: "admi\u0307n" is "admin" to the eye, Devanagari names stay distinct.
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/gu;

/**
 * Unicode TR39's skeleton, after NFKC (fullwidth "ａｄｍｉｎ" is "admin") and without generic
 * diacritics: NFD, every character replaced by its confusables.txt prototype (unhomoglyph carries
 * the table), NFD again. Two names look alike when their skeletons match.
 */
export function skeleton(name: string): string {
  const plain = name.normalize('NFKC').normalize('NFD').replace(DIACRITICS, '');
  return unhomoglyph(plain).normalize('NFD').replace(DIACRITICS, '');
}

/**
 * Usernames are one account whatever their case, so a look-alike in either its own case or
 * lower case counts ("B0B" against "BOB", "аdmin" in Cyrillic against "admin").
 */
export function looksAlike(a: string, b: string): boolean {
  return skeleton(a) === skeleton(b) || skeleton(a.toLowerCase()) === skeleton(b.toLowerCase());
}

export const CONFUSABLE_USERNAME = 'That username looks too much like an existing one; please choose another';

/** 409 when `username` is a look-alike of an existing account (names in one script are welcome). */
export function assertUsernameDistinct(db: Db, username: string): void {
  if (listUsers(db).some((user) => looksAlike(user.username, username))) throw new ConflictError(CONFUSABLE_USERNAME);
}
