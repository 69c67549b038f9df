import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, deletedAt, updatedAt } from './columns.ts';
import { songs } from './songs.ts';
import { users } from './users.ts';

export const playlists = sqliteTable(
  'playlists',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    artworkUrl: text('artwork_url'),
    // What phone apps set through the Subsonic API: a description, and whether others may see it.
    comment: text('comment'),
    public: integer('public', { mode: 'boolean' }).notNull().default(false),
    shareId: text('share_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (table) => [index('playlists_user_idx').on(table.userId)],
);

/** Ordered membership: `position` is dense from 0 within a playlist. */
export const playlistEntries = sqliteTable(
  'playlist_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('playlist_entries_song_unique').on(table.playlistId, table.songId),
    index('playlist_entries_order_idx').on(table.playlistId, table.position),
    index('playlist_entries_song_idx').on(table.songId),
  ],
);

export type PlaylistRow = typeof playlists.$inferSelect;
export type PlaylistEntryRow = typeof playlistEntries.$inferSelect;
