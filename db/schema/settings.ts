import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { updatedAt } from './columns.ts';

/** Instance-wide settings as JSON values under a key (see db/queries/settings.ts for the keys). */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).notNull(),
  updatedAt: updatedAt(),
});
