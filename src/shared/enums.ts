/**
 * Value lists the API exposes and the database's columns are declared with (db/schema imports
 * this file). Plain data (no TypeBox), so islands may import them as values.
 */
export const SONG_STATUSES = ['pending', 'published'] as const;
export type SongStatus = (typeof SONG_STATUSES)[number];

export const DISPLAY_PREFERENCES = ['nothing', 'artist', 'album', 'artist-album'] as const;
export type DisplayPreference = (typeof DISPLAY_PREFERENCES)[number];

/** Where a song's lyrics came from: an .lrc beside the file, the file's tags, or an admin's edit. */
export const LYRICS_SOURCES = ['lrc-file', 'embedded', 'admin'] as const;
export type LyricsSource = (typeof LYRICS_SOURCES)[number];
