import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { DisplayPreference } from '../../src/shared/enums.ts';
import { type UserRow, users } from '../schema/index.ts';

export function findUserByUsername(db: Db, username: string): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(sql`${users.username} = ${username} COLLATE NOCASE`)
    .get();
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export function countUsers(db: Db): number {
  return db.select({ n: sql<number>`count(*)` }).from(users).get()?.n ?? 0;
}

export function listUsers(db: Db): UserRow[] {
  return db.select().from(users).orderBy(asc(sql`${users.username} COLLATE NOCASE`)).all();
}

export function insertUser(
  db: Db,
  values: { username: string; passwordHash: string; isAdmin: boolean },
): UserRow {
  return db.insert(users).values(values).returning().get();
}

export function updateUser(
  db: Db,
  id: number,
  values: Partial<Pick<UserRow, 'passwordHash' | 'isAdmin' | 'displayPreference'>>,
): UserRow | undefined {
  return db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
    .get();
}

export function setDisplayPreference(db: Db, id: number, displayPreference: DisplayPreference) {
  return updateUser(db, id, { displayPreference });
}

export function deleteUser(db: Db, id: number): boolean {
  return db.delete(users).where(eq(users.id, id)).returning({ id: users.id }).all().length > 0;
}

/** Sets or clears (null) a member's profile PIN hash. */
export function setPinHash(db: Db, id: number, pinHash: string | null): void {
  db.update(users).set({ pinHash, updatedAt: new Date() }).where(eq(users.id, id)).run();
}
