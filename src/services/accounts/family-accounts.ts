import type { Db } from '../../../db/client.ts';
import {
  type UserWithCounts,
  countOtherAdmins,
  deleteSessionsExcept,
  deleteUserAndShares,
  findExistingAlbumIds,
  findUserWithCounts,
  listUsersWithCounts,
  setAdmin,
  setRestrictions,
  setPasswordHash,
} from '../../../db/queries/accounts.ts';
import { deleteAppPasswordsOfUser } from '../../../db/queries/app-passwords.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { AccountChanges, AccountDto } from '../../shared/schemas/accounts.ts';
import { passwordProblem } from '../../shared/validation.ts';
import { hashPassword } from './passwords.ts';

/** Settings' and the CLI's refusal: demoting or removing the only admin would lock everyone out. */
export const LAST_ADMIN_MESSAGE = 'Hearth needs at least one admin. Make someone else an admin first.';

function toAccountDto(row: UserWithCounts): AccountDto {
  const restrictions = { clean: row.restrictClean, albumIds: row.restrictAlbumIds };
  return { id: row.id, username: row.username, isAdmin: row.isAdmin, createdAt: row.createdAt.toISOString(), playlistCount: row.playlistCount, restrictions };
}

export const listAccounts = (db: Db): AccountDto[] => listUsersWithCounts(db).map(toAccountDto);

export function findAccount(db: Db, id: number): AccountDto {
  const row = findUserWithCounts(db, id);
  if (!row) throw new NotFoundError('User not found');
  return toAccountDto(row);
}

/** Inside a write transaction (BEGIN IMMEDIATE), so two admins demoting each other cannot both win. */
function assertAnotherAdminRemains(db: Db, id: number): void {
  const user = findUserWithCounts(db, id);
  if (!user) throw new NotFoundError('User not found');
  if (user.isAdmin && countOtherAdmins(db, id) === 0) throw new ConflictError(LAST_ADMIN_MESSAGE);
}

export const ADMIN_RESTRICTED_MESSAGE = "An admin can't be restricted. Lift the restrictions or keep them a member.";

/** Admins see everything: an account is never both (docs/decisions/172-restricted-members-and-admins.md). */
function assertAdminUnrestricted(db: Db, id: number): void {
  const user = findUserWithCounts(db, id)!;
  if (user.isAdmin && (user.restrictClean || user.restrictAlbumIds !== null)) throw new ConflictError(ADMIN_RESTRICTED_MESSAGE);
}

function requireAlbums(db: Db, ids: number[]): number[] {
  const known = new Set(findExistingAlbumIds(db, ids));
  const unknown = ids.find((albumId) => !known.has(albumId));
  if (unknown !== undefined) throw new BadRequestError(`There is no album with id ${unknown}`);
  return ids;
}

/**
 * A new password signs the user out everywhere and revokes their app passwords (a reset is what
 * a family does when a device or a password leaked), except the session that made the change
 * when an admin resets their own. Revoking admin keeps one admin at least.
 */
export async function updateAccount(db: Db, id: number, changes: AccountChanges, actingSessionId: string | null = null): Promise<AccountDto> {
  if (changes.password === undefined && changes.isAdmin === undefined && changes.restrictions === undefined) {
    throw new BadRequestError('Send a new password, isAdmin or restrictions');
  }
  const albumIds = changes.restrictions?.albumIds == null ? null : [...new Set(changes.restrictions.albumIds)];
  const problem = changes.password === undefined ? null : passwordProblem(changes.password);
  if (problem) throw new BadRequestError(problem);
  findAccount(db, id);
  // Hashing is slow and async: done before the (synchronous) transaction.
  const hash = changes.password === undefined ? null : await hashPassword(changes.password);
  db.transaction(() => {
    if (changes.isAdmin === false) assertAnotherAdminRemains(db, id);
    if (changes.isAdmin !== undefined) setAdmin(db, id, changes.isAdmin);
    if (changes.restrictions) setRestrictions(db, id, changes.restrictions.clean, albumIds && requireAlbums(db, albumIds));
    assertAdminUnrestricted(db, id);
    if (hash !== null) {
      setPasswordHash(db, id, hash);
      deleteSessionsExcept(db, id, actingSessionId);
      deleteAppPasswordsOfUser(db, id);
    }
  });
  return findAccount(db, id);
}

/** The account, its sessions, playlists and temporary shares (db/queries/accounts.ts); never the last admin. */
export function removeAccount(db: Db, id: number): void {
  db.transaction(() => {
    assertAnotherAdminRemains(db, id);
    deleteUserAndShares(db, id);
  });
}
