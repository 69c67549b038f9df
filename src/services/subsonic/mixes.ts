import type { Db } from '../../../db/client.ts';
import { householdPlaysOf, mostPlayedOf } from '../../../db/queries/subsonic-mixes.ts';
import { listVisibleSongValuesByIds } from '../../../db/queries/subsonic.ts';
import { songDtoFromValues } from '../catalogue/dto.ts';
import { requireAlbum, requireArtist, requireVisibleSong } from './browse.ts';
import { type Marks, toChild } from './dto.ts';
import { genreIndex } from './genres.ts';
import { sample } from './lists.ts';
import { type Library, type LibraryArtist, UNKNOWN_ARTIST, artistId } from './library.ts';
import type { Params } from './params.ts';
import type { XmlObject } from './xml.ts';

// How much a shared album, artist or genre draws a song into an instant mix.
const SAME_ALBUM = 3;
const SAME_ARTIST = 2;
const SAME_GENRE = 1;

function songsOf(db: Db, library: Library, marks: Marks, ids: number[]): XmlObject[] {
  return listVisibleSongValuesByIds(db, library.viewer, ids).map((values) => toChild(songDtoFromValues(values), library, marks));
}

/** The seed's songs, by album, artist and genre, for getSimilarSongs (song, album or artist id). */
function seedsOf(db: Db, library: Library, id: string): { album: number[]; artist: number[]; own: number[] } {
  if (id.startsWith('ar-')) {
    const artist = requireArtist(library, id);
    return { album: [], artist: artist.songIds, own: [] };
  }
  if (id.startsWith('al-')) {
    const album = requireAlbum(library, id);
    return { album: album.songIds, artist: library.artistsById.get(album.artistId)?.songIds ?? [], own: [] };
  }
  const { song } = requireVisibleSong(db, library.viewer, id);
  const album = song.albumId === null ? undefined : library.albumsById.get(song.albumId);
  const artist = library.artistsById.get(artistId(song.artist ?? UNKNOWN_ARTIST));
  return { album: album?.songIds ?? [], artist: artist?.songIds ?? [], own: [song.id] };
}

/**
 * An instant mix: songs sharing the seed's album, artist or genre, drawn at random, each weighted
 * by what it shares and by how often the household played it (a weighted sample without
 * replacement: the largest random^(1/weight) keys win). The seed song itself is left out.
 */
function instantMix(db: Db, library: Library, id: string, count: number): number[] {
  const seeds = seedsOf(db, library, id);
  const weights = new Map<number, number>();
  const add = (ids: Iterable<number>, weight: number) => {
    for (const songId of ids) weights.set(songId, (weights.get(songId) ?? 0) + weight);
  };
  add(seeds.album, SAME_ALBUM);
  add(seeds.artist, SAME_ARTIST);
  const genres = genreIndex(db, library);
  const keys = new Set([...seeds.album, ...seeds.artist, ...seeds.own].flatMap((songId) => genres.ofSong(songId)));
  // A genre can hold most of the library: a random few of each are enough to draw from.
  const perGenre = Math.max(200, count * 4);
  for (const key of keys) add(sample(genres.byKey.get(key)?.songIds ?? [], perGenre), SAME_GENRE);
  for (const songId of seeds.own) weights.delete(songId);
  const plays = householdPlaysOf(db, [...weights.keys()]);
  return [...weights]
    .map(([songId, weight]) => ({ songId, key: Math.random() ** (1 / (weight * (1 + Math.log2(1 + (plays.get(songId) ?? 0))))) }))
    .sort((a, b) => b.key - a.key)
    .slice(0, count)
    .map((entry) => entry.songId);
}

export function similarSongs(db: Db, library: Library, marks: Marks, params: Params, version: 1 | 2): XmlObject {
  const count = params.int('count', 50, 0, 500);
  const song = songsOf(db, library, marks, instantMix(db, library, params.required('id'), count));
  return version === 1 ? { similarSongs: { song } } : { similarSongs2: { song } };
}

/** getTopSongs: the artist's songs the household played most, then the rest, newest first. */
export function topSongs(db: Db, library: Library, marks: Marks, params: Params): XmlObject {
  const count = params.int('count', 50, 0, 500);
  const artist: LibraryArtist | undefined = library.artistsById.get(artistId(params.required('artist')));
  if (!artist) return { topSongs: { song: [] } };
  const played = mostPlayedOf(db, artist.songIds);
  const seen = new Set(played);
  const rest = artist.songIds.filter((songId) => !seen.has(songId)).reverse();
  return { topSongs: { song: songsOf(db, library, marks, [...played, ...rest].slice(0, count)) } };
}
