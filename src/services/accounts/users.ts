import type { Db } from '../../../db/client.ts';
import {
  countUsers,
  findUserByUsername,
  insertUser,
  listUsers,
  setDisplayPreference,
  updateUser,
} from '../../../db/queries/users.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { DisplayPreference } from '../../shared/enums.ts';
import type { AccountDto, NewAccount } from '../../shared/schemas/accounts.ts';
import { passwordProblem, usernameProblem } from '../../shared/validation.ts';
import { assertUsernameDistinct, normalizeUsername } from '../names/usernames.ts';
import { LAST_ADMIN_MESSAGE, listAccounts, removeAccount, updateAccount } from './family-accounts.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';

/** The sign-up or an admin's new account, the admin flag decided by the caller. */
export type NewUser = Required<NewAccount>;

/** Throws a 400 with the product's text for the first bad field. */
export function assertCredentialsShape(username: string, password: string): void {
  const problem = usernameProblem(username) ?? passwordProblem(password);
  if (problem) throw new BadRequestError(problem);
}

export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const username = normalizeUsername(input.username);
  assertCredentialsShape(username, input.password);
  if (findUserByUsername(db, username)) throw new ConflictError('That username is already taken');
  assertUsernameDistinct(db, username);
  const passwordHash = await hashPassword(input.password);
  try {
    return insertUser(db, { username, passwordHash, isAdmin: input.isAdmin });
  } catch (error) {
    // Two registrations racing for one name: the NOCASE unique index decides.
    if (String(error).includes('UNIQUE')) throw new ConflictError('That username is already taken');
    throw error;
  }
}

/**
 * The user when the password matches; null otherwise, in the same time either way. A hash made
 * with older parameters is replaced now, while the password is at hand.
 */
export async function authenticate(db: Db, username: string, password: string): Promise<UserRow | null> {
  const user = findUserByUsername(db, normalizeUsername(username));
  const ok = await verifyPassword(password, user?.passwordHash);
  if (!ok || !user) return null;
  if (!needsRehash(user.passwordHash)) return user;
  return updateUser(db, user.id, { passwordHash: await hashPassword(password) }) ?? user;
}

function requireUser(db: Db, username: string): UserRow {
  const user = findUserByUsername(db, username);
  if (!user) throw new NotFoundError(`No user named "${username}"`);
  return user;
}

/** The CLI's `user passwd`: the same reset as Settings (signed out everywhere, app passwords revoked). */
export async function changePassword(db: Db, username: string, password: string): Promise<AccountDto> {
  return updateAccount(db, requireUser(db, username).id, { password });
}

/** What the user's song lines show under the title; answers the updated user. */
export function changeDisplayPreference(db: Db, user: UserRow, displayPreference: DisplayPreference): UserRow {
  return setDisplayPreference(db, user.id, displayPreference) ?? user;
}

/** The CLI's promote and demote: by name, under the same last-admin rule as Settings. */
export function setAdminByName(db: Db, username: string, isAdmin: boolean) {
  return updateAccount(db, requireUser(db, username).id, { isAdmin });
}

/** The CLI's remove: by name, under the same last-admin rule as Settings. */
export function removeUser(db: Db, username: string): void {
  removeAccount(db, requireUser(db, username).id);
}

export { countUsers, listUsers };
export { LAST_ADMIN_MESSAGE, listAccounts, removeAccount, updateAccount };
