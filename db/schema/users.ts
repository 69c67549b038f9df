import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { DISPLAY_PREFERENCES } from '../../src/shared/enums.ts';
import { createdAt, updatedAt } from './columns.ts';

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  // Unique case-insensitively (see the NOCASE index in the migration).
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  // argon2id of the profile PIN a shared tablet asks before switching to this member; null: none.
  pinHash: text('pin_hash'),
  isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
  // Restrictions an admin sets on a member (db/queries/visibility.ts applies them on every path):
  // no explicit songs, and when not null only the songs of these albums.
  restrictClean: integer('restrict_clean', { mode: 'boolean' }).notNull().default(false),
  restrictAlbumIds: text('restrict_album_ids', { mode: 'json' }).$type<number[]>(),
  displayPreference: text('display_preference', { enum: DISPLAY_PREFERENCES }).notNull().default('nothing'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type UserRow = typeof users.$inferSelect;
