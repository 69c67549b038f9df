import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, deletedAt, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const albums = sqliteTable(
  'albums',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    artworkUrl: text('artwork_url'),
    shareId: text('share_id').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (table) => [index('albums_deleted_idx').on(table.deletedAt)],
);

export type AlbumRow = typeof albums.$inferSelect;
