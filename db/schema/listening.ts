import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns.ts';
import { songs } from './songs.ts';
import { users } from './users.ts';

/** How often and when each user played each song (Subsonic scrobble, the web player). */
export const plays = sqliteTable(
  'plays',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    playCount: integer('play_count').notNull().default(0),
    lastPlayedAt: integer('last_played_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.songId] }),
    index('plays_recent_idx').on(table.userId, table.lastPlayedAt),
    // The household's plays of given songs (instant mixes, top songs), whoever played them.
    index('plays_song_idx').on(table.songId),
  ],
);

// The API's kinds of starred things; artists have no row of their own (their id is derived from the name).
export const STAR_KINDS = ['song', 'album', 'artist'] as const;
export type StarKind = (typeof STAR_KINDS)[number];

/** Favourites: a user's starred songs, albums and artists (item ids as the Subsonic API names them). */
export const stars = sqliteTable(
  'stars',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STAR_KINDS }).notNull(),
    itemId: text('item_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.itemId] }), index('stars_recent_idx').on(table.userId, table.kind, table.createdAt)],
);

export type PlayRow = typeof plays.$inferSelect;
export type StarRow = typeof stars.$inferSelect;
