import { afterAll, expect, test } from 'bun:test';
import { openTempDb } from '../../src/testing/server.ts';
import { addStar, listStars } from './listening.ts';
import { insertUser } from './users.ts';

const handle = openTempDb();
afterAll(() => handle.remove());

test('stars come newest first; two in the same millisecond by which came later', () => {
  const { id } = insertUser(handle.db, { username: 'starry', passwordHash: 'x', isAdmin: false });
  addStar(handle.db, id, 'song', '9', 1000);
  addStar(handle.db, id, 'song', '12', 2000);
  addStar(handle.db, id, 'song', '3', 2000);
  expect(listStars(handle.db, id).map((star) => star.itemId)).toEqual(['3', '12', '9']);
});
