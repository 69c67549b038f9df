import type { Db } from '../../../db/client.ts';
import { listTaggedSongs } from '../../../db/queries/subsonic-mixes.ts';
import { catalogueVersion } from '../catalogue/catalogue-version.ts';
import type { Library } from './library.ts';
import { type Viewer, viewerKey } from '../../../db/queries/visibility.ts';

/**
 * Genres as the phone apps see them: each song's genres, or its tags when it has none (a song's
 * first is its `genre`), compared without case. Built once per library (catalogue version), on
 * first need.
 */
export interface Genre {
  name: string;
  songIds: number[];
  albumIds: Set<number>;
}

export interface GenreIndex {
  /** By song count, then name. */
  list: Genre[];
  byKey: Map<string, Genre>;
  /** A song's genre keys (none when it has none, or is not in the library). */
  ofSong(songId: number): readonly string[];
}

const NONE: readonly string[] = [];

/** The position of `id` in ascending `ids`, or -1. */
export function indexOfSorted(ids: Int32Array, id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = ids[mid]!;
    if (at === id) return mid;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export const genreKey = (name: string) => name.normalize('NFC').trim().toLowerCase();

/** Per database, per restriction: the index and the catalogue version it was built at. */
const built = new WeakMap<Db, Map<string, { version: number; index: GenreIndex }>>();

/** A song's genres from their JSON text, as keys and names as written; null when it has none. */
function parseGenres(json: string): { keys: string[]; names: string[] } | null {
  let tags: unknown;
  try {
    tags = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(tags)) return null;
  const names = tags.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '').map((tag) => tag.trim());
  return names.length === 0 ? null : { keys: names.map(genreKey), names };
}

// Per song, an index into the distinct lists of keys (a few dozen however large the library):
// a Map of 100,000 arrays held ~15 MB; these arrays hold under 1 MB.
/** Where a row holds a song's id, live album id and genres' JSON text (null: none). */
type Columns = readonly [id: number, albumId: number, genres: number];
const TAGGED_COLUMNS: Columns = [0, 1, 2];

function build(rows: readonly (readonly unknown[])[], [idAt, albumAt, genresAt]: Columns): GenreIndex {
  const byKey = new Map<string, Genre>();
  const songIds: number[] = [];
  const comboOfSong: number[] = [];
  const combos: string[][] = [];
  const comboIds = new Map<string, number>();
  // Rows come by song id, so songIds is ascending (indexOfSorted). A library holds a few dozen
  // distinct genre texts: each is parsed once, not once per song (the cold getGenres at 100,000).
  const parsed = new Map<string, { keys: string[]; names: string[]; combo: number } | null>();
  for (const row of rows) {
    const json = row[genresAt] as string | null;
    if (json === null) continue;
    const songId = row[idAt] as number;
    const albumId = row[albumAt] as number | null;
    let found = parsed.get(json);
    if (found === undefined) {
      const genres = parseGenres(json);
      let combo = -1;
      if (genres) {
        const name = genres.keys.join('\u0000');
        combo = comboIds.get(name) ?? -1;
        if (combo < 0) comboIds.set(name, (combo = combos.push(genres.keys) - 1));
      }
      parsed.set(json, (found = genres && { ...genres, combo }));
    }
    if (!found) continue;
    found.keys.forEach((key, at) => {
      let genre = byKey.get(key);
      // The name is the first spelling met in song order, as before.
      if (!genre) byKey.set(key, (genre = { name: found.names[at]!, songIds: [], albumIds: new Set() }));
      genre.songIds.push(songId);
      if (albumId !== null) genre.albumIds.add(albumId);
    });
    songIds.push(songId);
    comboOfSong.push(found.combo);
  }
  const list = [...byKey.values()].sort((a, b) => b.songIds.length - a.songIds.length || a.name.localeCompare(b.name));
  const ids = Int32Array.from(songIds);
  const comboAt = Uint32Array.from(comboOfSong);
  return {
    list,
    byKey,
    ofSong(songId) {
      const at = indexOfSorted(ids, songId);
      return at < 0 ? NONE : combos[comboAt[at]!]!;
    },
  };
}

/** This database's genre indexes by restriction, those of other catalogue versions dropped. */
function keptAt(db: Db, version: number): Map<string, { version: number; index: GenreIndex }> {
  let byViewer = built.get(db);
  if (!byViewer) built.set(db, (byViewer = new Map()));
  for (const [other, entry] of byViewer) if (entry.version !== version) byViewer.delete(other);
  return byViewer;
}

/**
 * The genre index of what `viewer` may hear, kept per catalogue version and restriction like the
 * library, and built without it (getGenres needs no library).
 */
export function genreIndexFor(db: Db, viewer: Viewer, version = catalogueVersion(db)): GenreIndex {
  const byViewer = keptAt(db, version);
  const key = viewerKey(viewer);
  const found = byViewer.get(key);
  if (found) return found.index;
  const index = build(listTaggedSongs(db, viewer), TAGGED_COLUMNS);
  byViewer.set(key, { version, index });
  return index;
}

/**
 * Builds the genre index from the rows the library was just built from (one read of the songs
 * for both: random songs, songs by genre and mixes need the two after a catalogue write).
 */
export function keepGenreIndexOf(db: Db, viewer: Viewer, version: number, rows: readonly (readonly unknown[])[], columns: Columns): void {
  const byViewer = keptAt(db, version);
  const key = viewerKey(viewer);
  if (!byViewer.has(key)) byViewer.set(key, { version, index: build(rows, columns) });
}

/** The genre index beside a library: the same catalogue version and restriction. */
export function genreIndex(db: Db, library: Library): GenreIndex {
  return genreIndexFor(db, library.viewer, library.version);
}
