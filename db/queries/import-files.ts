import { type Db, sqliteOf } from '../client.ts';

export interface KnownFile {
  size: number;
  mtimeMs: number;
  audioHash: string;
}

/**
 * Every file an import has seen below the folder `root` whose content is still a song's
 * (trashed ones included), by absolute path, in one query. Raw values rather than drizzle rows:
 * mapping 10,000 row objects was a fifth of an unchanged re-import; the songs are asked by index.
 */
export function knownImportFiles(db: Db, root: string): Map<string, KnownFile> {
  // The paths below root/ sort between "root/" and "root0" ('0' follows '/'): a range of the key.
  const below = root.endsWith('/') ? root : `${root}/`;
  const rows = db.$client
    .prepare('SELECT path, size, mtime_ms, audio_hash FROM import_files f WHERE path >= ? AND path < ? AND EXISTS (SELECT 1 FROM songs s WHERE s.audio_hash = f.audio_hash)')
    .values(below, `${below.slice(0, -1)}0`) as [string, number, number, string][];
  const known = new Map<string, KnownFile>();
  for (const [path, size, mtimeMs, audioHash] of rows) known.set(path, { size, mtimeMs, audioHash });
  return known;
}

/**
 * Records (or updates) what `path` held when it was imported or found already imported. A
 * statement the driver keeps compiled: an import runs it once per file.
 */
export function rememberImportFile(db: Db, path: string, file: KnownFile): void {
  sqliteOf(db)
    .query('INSERT INTO import_files (path, size, mtime_ms, audio_hash) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (path) DO UPDATE SET size = ?2, mtime_ms = ?3, audio_hash = ?4')
    .run(path, file.size, file.mtimeMs, file.audioHash);
}



// A song imported before genres, years, disc and track numbers were read has none of them.
const WITHOUT_TAG_FIELDS = "genres = '[]' AND year IS NULL AND disc_number IS NULL AND track_number IS NULL";

/** Content hashes of songs that have none of the tag fields yet (a re-import reads them once). */
export function songHashesWithoutTagFields(db: Db): Set<string> {
  const rows = db.$client.prepare(`SELECT DISTINCT audio_hash FROM songs WHERE ${WITHOUT_TAG_FIELDS}`).values() as [string][];
  return new Set(rows.map((row) => row[0]));
}

export interface TagFields {
  genres: string[];
  year: number | null;
  discNumber: number | null;
  trackNumber: number | null;
  /** The album place these give (src/services/media/audio.ts), kept when null. */
  albumOrder: number | null;
}

/**
 * Fills the tag fields of the songs with this content that still have none (an admin's edit
 * since, or a concurrent fill, wins). Answers how many songs changed.
 */
export function fillSongTagFields(db: Db, audioHash: string, fields: TagFields): number {
  return db.$client
    .prepare(`UPDATE songs SET genres = ?, year = ?, disc_number = ?, track_number = ?, album_order = coalesce(?, album_order) WHERE audio_hash = ? AND ${WITHOUT_TAG_FIELDS}`)
    .run(JSON.stringify(fields.genres), fields.year, fields.discNumber, fields.trackNumber, fields.albumOrder, audioHash).changes;
}
