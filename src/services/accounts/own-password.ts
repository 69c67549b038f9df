import type { Db } from '../../../db/client.ts';
import { deleteSessionsExcept, setPasswordHash } from '../../../db/queries/accounts.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { BadRequestError } from '../../errors.ts';
import type { PasswordChange } from '../../shared/schemas/user.ts';
import { passwordProblem } from '../../shared/validation.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not right';

/**
 * A member's own password change (Account): the current password must match, the new one follows
 * the sign-up rules. Every other session of theirs ends; the one that asked stays, and so do their
 * app passwords (docs/decisions/117-changing-your-own-password.md). `onRightPassword` lets the
 * caller take back the attempt it counted against the login back-off before the check.
 */
export async function changeOwnPassword(
  db: Db,
  { user, sessionId }: { user: UserRow; sessionId: string },
  change: PasswordChange,
  onRightPassword: () => void,
): Promise<void> {
  if (!(await verifyPassword(change.currentPassword, user.passwordHash))) throw new BadRequestError(WRONG_CURRENT_PASSWORD);
  onRightPassword();
  // After the check, so a right current password with a weak new one is not counted as a guess.
  const problem = passwordProblem(change.newPassword);
  if (problem) throw new BadRequestError(problem);
  // Hashing is slow and async: done before the (synchronous) transaction.
  const hash = await hashPassword(change.newPassword);
  db.transaction(() => {
    setPasswordHash(db, user.id, hash);
    deleteSessionsExcept(db, user.id, sessionId);
  });
}
