import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { LOUDNESS_STATUSES, SONG_STATUSES } from '../../src/shared/enums.ts';
import { albums } from './albums.ts';
import { createdAt, deletedAt, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const songs = sqliteTable(
  'songs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    artist: text('artist'),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
    // Read from the file's tags (several genres split on the usual separators); editable by admins.
    genres: text('genres', { mode: 'json' }).$type<string[]>().notNull().default([]),
    year: integer('year'),
    discNumber: integer('disc_number'),
    trackNumber: integer('track_number'),
    albumId: integer('album_id').references(() => albums.id, { onDelete: 'set null' }),
    albumOrder: integer('album_order'),
    artworkUrl: text('artwork_url'),
    // Content hash (sha256, hex) of the audio bytes: names the stored file.
    audioHash: text('audio_hash').notNull(),
    // Sniffed format (mp3, flac, ogg, opus, m4a, wav): drives Content-Type.
    audioFormat: text('audio_format').notNull(),
    // Set for files imported with --in-place: an absolute path outside the media folder.
    audioPath: text('audio_path'),
    duration: real('duration').notNull().default(0),
    fileSize: integer('file_size').notNull().default(0),
    // Encoder delay and padding in samples at sampleRate (LAME/Xing header, iTunSMPB), read at
    // import so gapless playback can trim them; null when the file says nothing.
    encoderDelay: integer('encoder_delay'),
    encoderPadding: integer('encoder_padding'),
    sampleRate: integer('sample_rate'),
    originalFilename: text('original_filename'),
    // Mirrors a song_lyrics row (db/queries/lyrics.ts keeps them together), so song lists can
    // offer the player's Lyrics button without a join.
    hasLyrics: integer('has_lyrics', { mode: 'boolean' }).notNull().default(false),
    // From the tags (iTunes advisory, MP4 rtng, Vorbis EXPLICIT), or set by an admin: hidden from Clean members.
    explicit: integer('explicit', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: SONG_STATUSES }).notNull().default('pending'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    shareId: text('share_id').notNull().unique(),
    // Gains in dB to a -18 LUFS reference; peaks linear (1 = full scale), true peak when measured.
    // Until the measurement lands they hold the file's ReplayGain tags, or null.
    trackGain: real('track_gain'),
    albumGain: real('album_gain'),
    trackPeak: real('track_peak'),
    albumPeak: real('album_peak'),
    // Integrated loudness (LUFS) as measured: the album's gain is computed from its songs'.
    loudness: real('loudness'),
    loudnessStatus: text('loudness_status', { enum: LOUDNESS_STATUSES }).notNull().default('pending'),
    loudnessError: text('loudness_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (table) => [
    index('songs_album_idx').on(table.albumId),
    index('songs_audio_hash_idx').on(table.audioHash),
    index('songs_status_deleted_idx').on(table.status, table.deletedAt),
    // The measuring job's next song: one seek instead of a scan of the library.
    index('songs_loudness_pending_idx').on(table.id).where(sql`${table.loudnessStatus} = 'pending'`),
    // An album's artwork is its first published, live song's with artwork (db/queries/albums.ts):
    // one index seek per album instead of reading every song of it.
    index('songs_album_artwork_idx')
      .on(table.albumId, table.id)
      .where(sql`${table.artworkUrl} IS NOT NULL AND ${table.status} = 'published' AND ${table.deletedAt} IS NULL`),
  ],
);

export type SongRow = typeof songs.$inferSelect;
