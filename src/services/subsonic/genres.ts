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
  /** Each tagged song's genre keys. */
  ofSong: Map<number, string[]>;
}

export const genreKey = (name: string) => name.normalize('NFC').trim().toLowerCase();

const built = new WeakMap<Library, GenreIndex>();

function build(db: Db, viewer: Viewer): GenreIndex {
  const byKey = new Map<string, Genre>();
  const ofSong = new Map<number, string[]>();
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
    if (keys.length > 0) ofSong.set(songId, keys);
  }
  const list = [...byKey.values()].sort((a, b) => b.songIds.length - a.songIds.length || a.name.localeCompare(b.name));
  return { list, byKey, ofSong };
}

export function genreIndex(db: Db, library: Library): GenreIndex {
  let index = built.get(library);
  if (!index) built.set(library, (index = build(db, library.viewer)));
  return index;
}
