import { expect, test } from 'bun:test';
import type { UserRow } from '../../../db/schema/index.ts';
import { switchNeeds } from './profile-pins.ts';

const member: UserRow = {
  id: 7,
  username: 'sam',
  passwordHash: 'x',
  pinHash: null,
  isAdmin: false,
  restrictClean: false,
  restrictAlbumIds: null,
  displayPreference: 'nothing',
  createdAt: new Date(0),
  updatedAt: new Date(0),
};
const pin = '$argon2id$v=19$m=256,t=1,p=1$c2FsdA$aGFzaA';

test("a grown-up's PIN is asked; a child's profile asks nothing; an admin without a PIN signs in", () => {
  expect(switchNeeds(member)).toBe('nothing');
  expect(switchNeeds({ ...member, pinHash: pin })).toBe('pin');
  expect(switchNeeds({ ...member, isAdmin: true, pinHash: pin })).toBe('pin');
  expect(switchNeeds({ ...member, isAdmin: true })).toBe('password');
});

test('a restricted member is a child, PIN or not', () => {
  const restricted = (columns: Pick<UserRow, 'restrictClean' | 'restrictAlbumIds'>): UserRow => ({ ...member, pinHash: pin, ...columns });
  expect(switchNeeds(restricted({ restrictClean: true, restrictAlbumIds: null }))).toBe('nothing');
  expect(switchNeeds(restricted({ restrictClean: false, restrictAlbumIds: [3] }))).toBe('nothing');
  expect(switchNeeds(restricted({ restrictClean: false, restrictAlbumIds: null }))).toBe('pin');
});
