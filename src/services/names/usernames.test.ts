import { afterAll, expect, test } from 'bun:test';
import { insertUser } from '../../../db/queries/users.ts';
import { openTempDb } from '../../testing/server.ts';
import { MESSAGES, usernameProblem } from '../../shared/validation.ts';
import { CONFUSABLE_USERNAME, assertUsernameDistinct, looksAlike, normalizeUsername } from './usernames.ts';

const db = openTempDb();
afterAll(() => db.remove());
for (const username of ['admin', 'BOB', 'Анна', 'émile']) insertUser(db.db, { username, passwordHash: 'x', isAdmin: false });

const verdict = (name: string) => {
  try {
    assertUsernameDistinct(db.db, normalizeUsername(name));
    return 'welcome';
  } catch (error) {
    return (error as Error).message;
  }
};

test('look-alikes of existing names are refused by their TR39 skeletons', () => {
  expect(verdict('аdmin')).toBe(CONFUSABLE_USERNAME); // Cyrillic а
  expect(verdict('adrnin')).toBe(CONFUSABLE_USERNAME); // r + n as m
  expect(verdict('B0B')).toBe(CONFUSABLE_USERNAME); // zero as O
  expect(verdict('Émile')).toBe(CONFUSABLE_USERNAME); // another case outside ASCII
  expect(verdict('e\u0301mile')).toBe(CONFUSABLE_USERNAME); // the same name decomposed
});

test('fullwidth letters and stray combining marks are seen through (NFKC, diacritics dropped)', () => {
  expect(verdict('ａｄｍｉｎ')).toBe(CONFUSABLE_USERNAME); // fullwidth
  expect(verdict('ＡＤＭＩＮ')).toBe(CONFUSABLE_USERNAME);
  expect(verdict('admi\u0307n')).toBe(CONFUSABLE_USERNAME); // i with a combining dot above
  expect(verdict('ADMİN')).toBe(CONFUSABLE_USERNAME); // capital I with dot, lower-cased to i + dot
  expect(verdict('a\u0336dmin')).toBe(CONFUSABLE_USERNAME); // combining overlay
  expect(verdict('emile')).toBe(CONFUSABLE_USERNAME); // 'émile' without its accent
});

test("a script's own vowel signs still tell names apart", () => {
  insertUser(db.db, { username: 'सीता', passwordHash: 'x', isAdmin: false });
  expect(verdict('सता')).toBe('welcome');
  expect(verdict('सिता')).toBe('welcome');
  expect(verdict('सीता')).toBe(CONFUSABLE_USERNAME);
});

test('names in any one script are welcome when they resemble no one', () => {
  for (const name of ['Анастасия', 'さくら', 'Ἀλέξανδρος', 'Zoë', 'محمد', 'बेटा', 'grandma']) expect(verdict(name)).toBe('welcome');
  expect(looksAlike('bob', 'rob')).toBe(false);
});

test('usernames are stored in NFC', () => {
  expect(normalizeUsername('  e\u0301mile ')).toBe('\u00e9mile');
});

test('control, format and bidirectional-override characters are refused in a new username', () => {
  for (const name of ['bad\u202Eemos', 'tab\tbed', 'zero\u200Bwidth', 'bell\u0007']) {
    expect(usernameProblem(normalizeUsername(name))).toBe(MESSAGES.usernameCharacters);
  }
  expect(usernameProblem(normalizeUsername('grandma'))).toBeNull();
});
