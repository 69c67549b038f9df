import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns.ts';
import { STAR_KINDS } from './listening.ts';
import { songs } from './songs.ts';
import { users } from './users.ts';

// What the phone apps keep per user through the Subsonic API (src/services/subsonic/):
// ratings, the play queue shared across devices, bookmarks, share records, and radio stations.

/** A user's 1–5 rating of a song, album or artist (item ids as the API names them, as stars do). */
export const ratings = sqliteTable(
  'ratings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STAR_KINDS }).notNull(),
    itemId: text('item_id').notNull(),
    rating: integer('rating').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.itemId] }), index('ratings_by_rating_idx').on(table.userId, table.kind, table.rating)],
);

/** The one play queue per user: song ids in order (JSON), the current index and position. */
export const playQueues = sqliteTable('play_queues', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  songIds: text('song_ids', { mode: 'json' }).$type<number[]>().notNull(),
  currentIndex: integer('current_index'),
  positionMs: integer('position_ms').notNull().default(0),
  // Where the queue was started from in the web app (library, album, playlist…), as JSON.
  context: text('context', { mode: 'json' }).$type<unknown>(),
  changedBy: text('changed_by').notNull().default(''),
  updatedAt: updatedAt(),
});

/** A position remembered in a song (audiobooks, long mixes): one per user and song. */
export const bookmarks = sqliteTable(
  'bookmarks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    positionMs: integer('position_ms').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.songId] })],
);

export const APP_SHARE_KINDS = ['song', 'album', 'playlist'] as const;

/** A share made from an app: a record of one of Hearth's own share links, with the app's fields. */
export const appShares = sqliteTable(
  'app_shares',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: APP_SHARE_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    description: text('description'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (table) => [index('app_shares_user_idx').on(table.userId)],
);

/** Internet radio stations the admins list for everyone. */
export const radioStations = sqliteTable('radio_stations', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  streamUrl: text('stream_url').notNull(),
  homepageUrl: text('homepage_url'),
  createdAt: createdAt(),
});

export type PlayQueueRow = typeof playQueues.$inferSelect;
export type BookmarkRow = typeof bookmarks.$inferSelect;
export type AppShareRow = typeof appShares.$inferSelect;
export type AppShareKind = (typeof APP_SHARE_KINDS)[number];
export type RadioStationRow = typeof radioStations.$inferSelect;
