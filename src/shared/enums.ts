/**
 * Value lists the API exposes and the database's columns are declared with (db/schema imports
 * this file). Plain data (no TypeBox), so islands may import them as values.
 */
export const SONG_STATUSES = ['pending', 'published'] as const;
export type SongStatus = (typeof SONG_STATUSES)[number];

/** Where a song's loudness measurement stands (the gains may already hold its ReplayGain tags). */
export const LOUDNESS_STATUSES = ['pending', 'measured', 'failed'] as const;
export type LoudnessStatus = (typeof LOUDNESS_STATUSES)[number];

/** The family's loudness normalisation: none, every song at its track gain, or album gain in album context. */
export const NORMALISATION_MODES = ['off', 'track', 'auto'] as const;
export type NormalisationMode = (typeof NORMALISATION_MODES)[number];

/** Manage Songs' sorts (GET /api/songs/all/ids): Recently Added, By Status, Alphabetical. */
export const ADMIN_SONG_SORTS = ['recent', 'status', 'alphabetical'] as const;
export type AdminSongSort = (typeof ADMIN_SONG_SORTS)[number];

export const DISPLAY_PREFERENCES = ['nothing', 'artist', 'album', 'artist-album'] as const;
export type DisplayPreference = (typeof DISPLAY_PREFERENCES)[number];

/** Where a song's lyrics came from: an .lrc beside the file, the file's tags, or an admin's edit. */
export const LYRICS_SOURCES = ['lrc-file', 'embedded', 'admin'] as const;
export type LyricsSource = (typeof LYRICS_SOURCES)[number];
