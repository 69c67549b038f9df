/**
 * Value lists the API exposes. Plain data (no TypeBox), so islands may import them as values.
 * db/schema keeps its own copies (db/ imports nothing above it); src/services/enum-lists.test.ts keeps them equal.
 */
export const SONG_STATUSES = ['pending', 'published'] as const;
export type SongStatus = (typeof SONG_STATUSES)[number];

export const DISPLAY_PREFERENCES = ['nothing', 'artist', 'album', 'artist-album'] as const;
export type DisplayPreference = (typeof DISPLAY_PREFERENCES)[number];
