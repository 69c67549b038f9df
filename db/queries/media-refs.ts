import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from 'bun:sqlite';
import { type Db, sqliteOf } from '../client.ts';
import { type StoredLyrics, insertLyricsRow } from './lyrics.ts';
import type { LyricsSource } from '../../src/shared/enums.ts';
import { type AlbumRow, type SongRow, albums, playlists, songLyrics, songs, tempShares } from '../schema/index.ts';

/**
 * Rows that point at stored media: songs created from uploads, and what garbage collection asks.
 * A new song names its album (found or created by name) instead of pointing at one.
 */
export type NewSong = Omit<typeof songs.$inferInsert, 'id' | 'albumId' | 'createdAt' | 'updatedAt' | 'deletedAt'> & {
  albumName: string | null;
  /** Used only when the album has to be created. */
  albumShareId: string;
  /** Lyrics read from the file or beside it, stored with the song in one transaction. */
  lyrics?: StoredLyrics | null;
};

// No artwork is stored on the album: it shows its first published song's (db/queries/albums.ts),
// so a pending upload's cover never becomes the album's.
function findOrCreateAlbum(tx: Db, name: string, shareId: string, userId: number | null): Pick<AlbumRow, 'id' | 'name'> {
  const found = sqliteOf(tx).query('SELECT id, name FROM albums WHERE deleted_at IS NULL AND name = ? COLLATE NOCASE ORDER BY id LIMIT 1').values(name)[0] as [number, string] | undefined;
  return found ? { id: found[0], name: found[1] } : tx.insert(albums).values({ name, shareId, userId }).returning({ id: albums.id, name: albums.name }).get();
}

type SongInsert = typeof songs.$inferInsert;
const songInserts = new WeakMap<Database, Map<string, ReturnType<typeof prepareSongInsert>>>();

function prepareSongInsert(db: Db, columns: (keyof SongInsert)[]) {
  const values = Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)]));
  return db.insert(songs).values(values as unknown as SongInsert).returning().prepare();
}

/**
 * Inserts a song row through a statement kept per connection and set of columns: building and
 * compiling drizzle's insert anew was most of an imported song's database time.
 */
function insertSongRow(db: Db, row: SongInsert): SongRow {
  const sqlite = sqliteOf(db);
  const columns = (Object.keys(row) as (keyof SongInsert)[]).filter((column) => row[column] !== undefined).sort();
  const byColumns = songInserts.get(sqlite) ?? new Map();
  songInserts.set(sqlite, byColumns);
  const key = columns.join(',');
  const insert = byColumns.get(key) ?? prepareSongInsert(db, columns);
  byColumns.set(key, insert);
  return insert.get(row as Record<string, unknown>) as SongRow;
}

/** The song already holding this audio, trashed ones included: what a new upload duplicates. */
export interface SongWithSameAudio {
  id: number;
  title: string;
  deletedAt: Date | null;
}

/** A statement the driver keeps compiled: every upload and imported file asks it, under the write lock. */
export function songWithAudio(db: Db, hash: string): SongWithSameAudio | null {
  const row = sqliteOf(db).query('SELECT id, title, deleted_at FROM songs WHERE audio_hash = ? ORDER BY deleted_at, id LIMIT 1').values(hash)[0] as [number, string, number | null] | undefined;
  return row ? { id: row[0], title: row[1], deletedAt: row[2] === null ? null : new Date(row[2]) } : null;
}

/**
 * Inserts the song, linking (or creating) its album by name, in one synchronous transaction.
 * With `onlyNewAudio` the check for a song with the same audio runs inside it, under the write
 * lock (BEGIN IMMEDIATE), so two tabs or two imports at once cannot both add the same bytes.
 */
export function insertSongWithAlbum(db: Db, values: NewSong, onlyNewAudio = false): { song: SongRow; albumName: string | null } | { duplicateOf: SongWithSameAudio } {
  // bun:sqlite nests as a savepoint inside a caller's transaction (an import's batch), which
  // costs less than drizzle's nested transaction; the connection is the same either way.
  return sqliteOf(db).transaction(() => {
    if (onlyNewAudio) {
      const existing = songWithAudio(db, values.audioHash);
      if (existing) return { duplicateOf: existing };
    }
    const { albumName, albumShareId, lyrics, ...row } = values;
    const album = albumName ? findOrCreateAlbum(db, albumName, albumShareId, row.userId ?? null) : null;
    const song = insertSongRow(db, { ...row, albumId: album?.id ?? null, hasLyrics: !!lyrics });
    if (lyrics) insertLyricsRow(db, song.id, lyrics);
    return { song, albumName: album?.name ?? null };
  }).immediate();
}

export function findSongRow(db: Db, id: number): SongRow | null {
  return db.select().from(songs).where(eq(songs.id, id)).get() ?? null;
}

export function albumNameOf(db: Db, albumId: number | null): string | null {
  if (albumId === null) return null;
  return db
    .select({ name: albums.name })
    .from(albums)
    .where(and(eq(albums.id, albumId), isNull(albums.deletedAt)))
    .get()?.name ?? null;
}

export type AudioChange = Pick<SongRow, 'audioHash' | 'audioFormat' | 'audioPath' | 'duration' | 'fileSize' | 'originalFilename'> &
  Partial<Pick<SongRow, 'trackGain' | 'albumGain' | 'trackPeak' | 'albumPeak' | 'loudness' | 'loudnessStatus' | 'loudnessError' | 'encoderDelay' | 'encoderPadding' | 'sampleRate'>>;

/** The lyrics a new audio file brings, and which stored lyrics they may replace (none stored: always). */
export interface LyricsChange {
  lyrics: StoredLyrics | null;
  replacing: readonly LyricsSource[];
}

/** New audio for a song, with its lyrics in the same transaction when `lyricsChange` allows. */
export function replaceSongAudio(db: Db, id: number, change: AudioChange, now: Date, lyricsChange?: LyricsChange): SongRow | null {
  return db.transaction((tx) => {
    const song = tx.update(songs).set({ ...change, updatedAt: now }).where(eq(songs.id, id)).returning().get();
    if (!song || !lyricsChange) return song ?? null;
    const stored = tx.select({ source: songLyrics.source }).from(songLyrics).where(eq(songLyrics.songId, id)).get();
    if (stored && !lyricsChange.replacing.includes(stored.source)) return song;
    const { lyrics } = lyricsChange;
    if (lyrics) insertLyricsRow(tx as unknown as Db, id, lyrics);
    else tx.delete(songLyrics).where(eq(songLyrics.songId, id)).run();
    return tx.update(songs).set({ hasLyrics: lyrics !== null }).where(eq(songs.id, id)).returning().get() ?? null;
  });
}

/** Is a song (any state: trash can be restored) or a temporary share still using this audio? */
export function isAudioReferenced(db: Db, hash: string): boolean {
  const song = db.select({ id: songs.id }).from(songs).where(and(eq(songs.audioHash, hash), isNull(songs.audioPath))).get();
  if (song) return true;
  return !!db.select({ id: tempShares.id }).from(tempShares).where(eq(tempShares.audioHash, hash)).get();
}

/** Every artwork URL still in use by a song, album or playlist. */
export function referencedArtworkUrls(db: Db): Set<string> {
  const rows = db.all<{ url: string }>(sql`
    select ${songs.artworkUrl} as url from ${songs} where ${songs.artworkUrl} is not null
    union select ${albums.artworkUrl} from ${albums} where ${albums.artworkUrl} is not null
    union select ${playlists.artworkUrl} from ${playlists} where ${playlists.artworkUrl} is not null`);
  return new Set(rows.map((row) => row.url));
}

/** Every audio hash stored in the media folder that rows still use. */
export function referencedAudioHashes(db: Db): Set<string> {
  const rows = db.all<{ hash: string }>(sql`
    select ${songs.audioHash} as hash from ${songs} where ${songs.audioPath} is null
    union select ${tempShares.audioHash} from ${tempShares}`);
  return new Set(rows.map((row) => row.hash));
}

/** An in-place song already imported from this content (import is idempotent by hash). */
export function hasSongWithAudio(db: Db, hash: string): boolean {
  return sqliteOf(db).query('SELECT 1 FROM songs WHERE audio_hash = ? LIMIT 1').values(hash).length > 0;
}
