import type { Db } from '../../../db/client.ts';
import { listTaggedSongs } from '../../../db/queries/subsonic-mixes.ts';
import type { Library } from './library.ts';
import type { Viewer } from '../../../db/queries/visibility.ts';

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

const built = new WeakMap<Library, GenreIndex>();

// Per song, an index into the distinct lists of keys (a few dozen however large the library):
// a Map of 100,000 arrays held ~15 MB; these arrays hold under 1 MB.
function build(db: Db, viewer: Viewer): GenreIndex {
  const byKey = new Map<string, Genre>();
  const songIds: number[] = [];
  const comboOfSong: number[] = [];
  const combos: string[][] = [];
  const comboIds = new Map<string, number>();
  // Rows come by song id, so songIds is ascending (indexOfSorted).
  for (const [songId, albumId, json] of listTaggedSongs(db, viewer)) {
    let tags: unknown;
    try {
      tags = JSON.parse(json);
    } catch {
      continue;
    }
    if (!Array.isArray(tags)) continue;
    const keys: string[] = [];
    for (const tag of tags) {
      if (typeof tag !== 'string' || tag.trim() === '') continue;
      const key = genreKey(tag);
      let genre = byKey.get(key);
      if (!genre) byKey.set(key, (genre = { name: tag.trim(), songIds: [], albumIds: new Set() }));
      genre.songIds.push(songId);
      if (albumId !== null) genre.albumIds.add(albumId);
      keys.push(key);
    }
    if (keys.length === 0) continue;
    const name = keys.join('\u0000');
    let combo = comboIds.get(name);
    if (combo === undefined) comboIds.set(name, (combo = combos.push(keys) - 1));
    songIds.push(songId);
    comboOfSong.push(combo);
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

export function genreIndex(db: Db, library: Library): GenreIndex {
  let index = built.get(library);
  if (!index) built.set(library, (index = build(db, library.viewer)));
  return index;
}
