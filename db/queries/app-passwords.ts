import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type AppPasswordRow, appPasswords } from '../schema/index.ts';
import { perDb } from './prepared.ts';

// Every Subsonic request reads these: prepared once per database handle.
const ofUserQuery = perDb((db) =>
  db
    .select()
    .from(appPasswords)
    .where(eq(appPasswords.userId, sql.placeholder('userId')))
    .orderBy(asc(appPasswords.createdAt), asc(appPasswords.id))
    .prepare(),
);

const byApiKeyQuery = perDb((db) =>
  db
    .select()
    .from(appPasswords)
    .where(eq(appPasswords.apiKeyHash, sql.placeholder('hash')))
    .prepare(),
);

/** A user's app passwords, oldest first. */
export function listAppPasswordsOfUser(db: Db, userId: number): AppPasswordRow[] {
  return ofUserQuery(db).all({ userId });
}

export function findAppPasswordByApiKeyHash(db: Db, hash: string): AppPasswordRow | undefined {
  return byApiKeyQuery(db).get({ hash });
}

export function insertAppPassword(
  db: Db,
  values: Pick<AppPasswordRow, 'userId' | 'name' | 'secretEncrypted' | 'apiKeyHash'> & { createdAt: Date },
): AppPasswordRow {
  return db.insert(appPasswords).values(values).returning().get();
}

/** Deletes one of the user's app passwords; false when the user has no such one. */
export function deleteAppPassword(db: Db, userId: number, id: number): boolean {
  return db
    .delete(appPasswords)
    .where(and(eq(appPasswords.id, id), eq(appPasswords.userId, userId)))
    .returning({ id: appPasswords.id })
    .all().length > 0;
}

/** Every app password of the user (a password reset revokes them). */
export function deleteAppPasswordsOfUser(db: Db, userId: number): void {
  db.delete(appPasswords).where(eq(appPasswords.userId, userId)).run();
}

export function touchAppPassword(db: Db, id: number, at: Date): void {
  db.update(appPasswords).set({ lastUsedAt: at }).where(eq(appPasswords.id, id)).run();
}

const ownerQuery = perDb((db) =>
  db
    .select({ userId: appPasswords.userId })
    .from(appPasswords)
    .where(eq(appPasswords.id, sql.placeholder('id')))
    .prepare(),
);

/** Whose app password this is, or undefined once it is revoked. */
export function findAppPasswordOwner(db: Db, id: number): number | undefined {
  return ownerQuery(db).get({ id })?.userId;
}
