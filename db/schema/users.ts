import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns.ts';

// The API's copy is src/shared/enums.ts (db/ imports nothing above it); a test keeps them equal.
export const DISPLAY_PREFERENCES = ['nothing', 'artist', 'album', 'artist-album'] as const;
export type DisplayPreference = (typeof DISPLAY_PREFERENCES)[number];

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  // Unique case-insensitively (see the NOCASE index in the migration).
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
  displayPreference: text('display_preference', { enum: DISPLAY_PREFERENCES }).notNull().default('nothing'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type UserRow = typeof users.$inferSelect;
