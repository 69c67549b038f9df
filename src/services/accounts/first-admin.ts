import type { Db } from '../../../db/client.ts';
import { countUsers, deleteUser, findUserByUsername } from '../../../db/queries/users.ts';
import type { Config } from '../../config.ts';
import { randomId } from '../../shared/ids.ts';
import type { Logger } from '../../logger.ts';
import { createUser } from './users.ts';

/**
 * With no users at all, creates the first admin from ADMIN_USERNAME/ADMIN_PASSWORD, or
 * `admin` with a random password printed once. Returns the credentials it used, if any.
 */
export async function ensureFirstAdmin(
  db: Db,
  config: Pick<Config, 'adminUsername' | 'adminPassword'>,
  log: Logger,
): Promise<{ username: string; password: string; generated: boolean } | null> {
  if (countUsers(db) > 0) return null;
  const username = config.adminUsername ?? 'admin';
  const generated = config.adminPassword === undefined;
  const password = config.adminPassword ?? randomId(12);
  await createUser(db, { username, password, isAdmin: true });
  log.info(`Created the first admin account "${username}".`);
  return { username, password, generated };
}

/**
 * Undoes ensureFirstAdmin when the start fails after it (the port is taken): that admin is the
 * only user, so the last-admin rule of family accounts must not keep it.
 */
export function removeFirstAdmin(db: Db, username: string): void {
  const user = findUserByUsername(db, username);
  if (user) deleteUser(db, user.id);
}
