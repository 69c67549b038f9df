import type { Db } from '../../../db/client.ts';
import { listVisibleSongValuesByIds } from '../../../db/queries/subsonic.ts';
import { songDtoFromValues } from '../catalogue/dto.ts';
import { type Marks, toAlbumId3, toChild } from './dto.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import { genreIndex, genreIndexFor, genreKey } from './genres.ts';
import type { Viewer } from '../../../db/queries/visibility.ts';
import { type Library, type LibraryAlbum, type LibraryArtist, byName } from './library.ts';
import type { Params } from './params.ts';
import type { XmlObject } from './xml.ts';

/** Up to `count` distinct random picks from `pool` (a partial Fisher–Yates on a copy of the indexes). */
export function sample<T>(pool: ArrayLike<T>, count: number): T[] {
  const picked: T[] = [];
  const swaps = new Map<number, number>();
  for (let i = 0; i < Math.min(count, pool.length); i++) {
    const j = i + Math.floor(Math.random() * (pool.length - i));
    const at = swaps.get(j) ?? j;
    swaps.set(j, swaps.get(i) ?? i);
    picked.push(pool[at]!);
  }
  return picked;
}

export interface YearRange {
  from: number;
  to: number;
}

/** fromYear/toYear (both, when `required`); null when neither is given. */
export function yearRange(params: Params, required: boolean): YearRange | null {
  const given = required || params.get('fromYear') !== undefined || params.get('toYear') !== undefined;
  if (!given) return null;
  if (required) {
    params.required('fromYear');
    params.required('toYear');
  }
  return { from: params.int('fromYear', 0, 0, 9999), to: params.int('toYear', 9999, 0, 9999) };
}

/** byYear: albums with a year in the range, ascending, or descending when fromYear > toYear (as Navidrome). */
function albumsByYear(albums: LibraryAlbum[], { from, to }: YearRange): LibraryAlbum[] {
  const [low, high] = from <= to ? [from, to] : [to, from];
  const dated = albums.filter((album) => album.year !== null && album.year >= low && album.year <= high);
  return dated.sort((a, b) => (from <= to ? a.year! - b.year! : b.year! - a.year!) || byName(a.name, b.name));
}

/** Album lists that need what a user did (frequent, recent, starred, rated): ./activity.ts supplies them. */
export type ActivityLists = Record<'frequent' | 'recent' | 'starred' | 'highest', () => number[]>;

interface ListSources {
  db: Db;
  library: Library;
  params: Params;
  activity: ActivityLists;
}

const ALBUM_LISTS = ['random', 'newest', 'alphabeticalByName', 'alphabeticalByArtist', 'frequent', 'recent', 'starred', 'highest', 'byYear', 'byGenre'];

/** The albums of one list type, a page of them (random picks `size` anew each time). */
function orderedAlbums({ db, library, params, activity }: ListSources): LibraryAlbum[] {
  const type = params.required('type');
  if (!ALBUM_LISTS.includes(type)) throw new SubsonicError(SUBSONIC_ERROR.generic, `Unknown album list type: ${type.slice(0, 40)}`);
  const size = params.int('size', 10, 0, 500);
  const offset = params.int('offset', 0, 0, 1_000_000);
  const page = (list: LibraryAlbum[]) => list.slice(offset, offset + size);
  const known = (ids: number[]) => ids.map((id) => library.albumsById.get(id)).filter((album) => album !== undefined);
  switch (type) {
    case 'random':
      return sample(library.albums, size);
    case 'newest':
      return page([...library.albums].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id));
    case 'alphabeticalByName':
      return page(library.albums);
    case 'alphabeticalByArtist':
      return page([...library.albums].sort((a, b) => byName(a.artistName, b.artistName) || byName(a.name, b.name)));
    case 'byGenre': {
      const genre = genreIndex(db, library).byKey.get(genreKey(params.required('genre')));
      return genre ? page(library.albums.filter((album) => genre.albumIds.has(album.id))) : [];
    }
    case 'byYear':
      return page(albumsByYear(library.albums, yearRange(params, true)!));
    default:
      return page(known(activity[type as keyof ActivityLists]()));
  }
}

/** An album as a folder (`Child` with isDir), the shape of the v1 lists and folder browsing. */
export function toAlbumChild(album: LibraryAlbum, marks: Marks): XmlObject {
  const dto = toAlbumId3(album, marks);
  return {
    id: dto.id,
    parent: album.artistId,
    isDir: true,
    title: album.name,
    album: album.name,
    artist: album.artistName,
    year: dto.year,
    genre: dto.genre,
    coverArt: dto.coverArt,
    duration: dto.duration,
    created: dto.created,
    starred: dto.starred,
    userRating: dto.userRating,
  };
}

export function albumList2(sources: ListSources, marks: Marks): XmlObject {
  return { albumList2: { album: orderedAlbums(sources).map((found) => toAlbumId3(found, marks)) } };
}

/** getAlbumList: the same lists as folders, for apps that browse by folder (DSub and friends). */
export function albumList(sources: ListSources, marks: Marks): XmlObject {
  return { albumList: { album: orderedAlbums(sources).map((found) => toAlbumChild(found, marks)) } };
}

/** getGenres: every tag with its song and album counts (from the genre index alone: no library built). */
export function genres(db: Db, viewer: Viewer): XmlObject {
  const genre = genreIndexFor(db, viewer).list.map((found) => ({ songCount: found.songIds.length, albumCount: found.albumIds.size, value: found.name }));
  return { genres: { genre } };
}

/** getSongsByGenre: a page of the genre's songs, oldest first. */
export function songsByGenre(db: Db, library: Library, marks: Marks, params: Params): XmlObject {
  const genre = genreIndex(db, library).byKey.get(genreKey(params.required('genre')));
  const count = params.int('count', 10, 0, 500);
  const offset = params.int('offset', 0, 0, 10_000_000);
  const ids = genre ? genre.songIds.slice(offset, offset + count) : [];
  const song = listVisibleSongValuesByIds(db, library.viewer, ids).map((values) => toChild(songDtoFromValues(values), library, marks));
  return { songsByGenre: { song } };
}

/** An artist as a folder of getIndexes and the v1 lists (`Artist`: no album count, no cover). */
export function toArtistFolder(artist: LibraryArtist, marks: Marks): XmlObject {
  const starred = marks.starred('artist', artist.id);
  return { id: artist.id, name: artist.name, starred: starred === undefined ? undefined : new Date(starred).toISOString(), userRating: marks.rating('artist', artist.id) };
}
