import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { LYRICS_SOURCES } from '../../src/shared/enums.ts';
import { updatedAt } from './columns.ts';
import { songs } from './songs.ts';

/** One line: its start in ms when synced (the shape src/shared/lyrics.ts parses to). */
export interface LyricsLineValue {
  start: number | null;
  value: string;
}

/** A song's lyrics, parsed once (src/shared/lyrics.ts); plain text lines, never HTML. */
export const songLyrics = sqliteTable('song_lyrics', {
  songId: integer('song_id')
    .primaryKey()
    .references(() => songs.id, { onDelete: 'cascade' }),
  synced: integer('synced', { mode: 'boolean' }).notNull(),
  lines: text('lines', { mode: 'json' }).$type<LyricsLineValue[]>().notNull(),
  lang: text('lang'),
  // Where they came from: a file beside the audio, the audio's own tags, or an admin.
  source: text('source', { enum: LYRICS_SOURCES }).notNull(),
  updatedAt: updatedAt(),
});

export type SongLyricsRow = typeof songLyrics.$inferSelect;
