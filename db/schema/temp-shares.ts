import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** One uploaded audio file behind a public link, optionally expiring. */
export const tempShares = sqliteTable(
  'temp_shares',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    shareId: text('share_id').notNull().unique(),
    title: text('title').notNull(),
    sharedBy: text('shared_by'),
    audioHash: text('audio_hash').notNull(),
    audioFormat: text('audio_format').notNull(),
    duration: real('duration').notNull().default(0),
    fileSize: integer('file_size').notNull().default(0),
    originalFilename: text('original_filename'),
    // Null for guests: the per-IP limit and the anonymous quota apply to them.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    uploaderIp: text('uploader_ip'),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('temp_shares_expires_idx').on(table.expiresAt), index('temp_shares_audio_hash_idx').on(table.audioHash)],
);

export type TempShareRow = typeof tempShares.$inferSelect;
