import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns.ts';

/**
 * Files `cli import` has already seen, by absolute path: a file whose size and modification
 * time are unchanged is not read again (hashing 10,000 files took seconds). The hash says
 * which content the path held, so a song deleted since can still be told apart.
 */
export const importFiles = sqliteTable('import_files', {
  path: text('path').primaryKey(),
  size: integer('size').notNull(),
  mtimeMs: integer('mtime_ms').notNull(),
  audioHash: text('audio_hash').notNull(),
  createdAt: createdAt(),
});

export type ImportFileRow = typeof importFiles.$inferSelect;
