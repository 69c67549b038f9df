import type { Db } from '../../../db/client.ts';
import { findSongById } from '../../../db/queries/songs.ts';
import { listAlbumSongs } from '../../../db/queries/songs.ts';
import { listVisibleSongValuesByIds } from '../../../db/queries/subsonic.ts';
import { songDtoFromValues, toSongDto } from '../catalogue/dto.ts';
import { type Marks, toAlbumId3, toArtist, toArtistId3, toChild } from './dto.ts';
import { SUBSONIC_ERROR, SubsonicError, notFound } from './errors.ts';
import { IGNORED_ARTICLES, type Library, type LibraryAlbum, type LibraryArtist, byName, sortName } from './library.ts';
import { type Params, numericId } from './params.ts';
import type { XmlObject } from './xml.ts';

const MUSIC_FOLDER = { id: 1, name: 'Hearth' };

export function musicFolders(): XmlObject {
  return { musicFolders: { musicFolder: [MUSIC_FOLDER] } };
}

/** The index letter: the first letter after a leading article, without accents; else '#'. */
function indexLetter(name: string): string {
  const first = sortName(name).normalize('NFD').charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}

function grouped(library: Library, toEntry: (artist: LibraryArtist) => XmlObject): XmlObject[] {
  const groups = new Map<string, XmlObject[]>();
  for (const artist of library.artists) {
    const letter = indexLetter(artist.name);
    let group = groups.get(letter);
    if (!group) groups.set(letter, (group = []));
    group.push(toEntry(artist));
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b))).map(([name, artist]) => ({ name, artist }));
}

export function artists(library: Library, marks: Marks): XmlObject {
  return { artists: { ignoredArticles: IGNORED_ARTICLES.join(' '), index: grouped(library, (artist) => toArtistId3(artist, library, marks)) } };
}

/** getIndexes: the same artists in the folder form; nothing when the client's copy is as new (ifModifiedSince). */
export function indexes(library: Library, marks: Marks, params: Params): XmlObject {
  const since = params.int('ifModifiedSince', 0, 0, Number.MAX_SAFE_INTEGER);
  const index = since >= library.builtAt ? [] : grouped(library, (artist) => toArtist(artist, marks));
  return { indexes: { lastModified: library.builtAt, ignoredArticles: IGNORED_ARTICLES.join(' '), index } };
}

export function requireArtist(library: Library, id: string | undefined): LibraryArtist {
  const artist = id ? library.artistsById.get(id) : undefined;
  if (!artist) throw notFound('Artist');
  return artist;
}

export function requireAlbum(library: Library, rawId: string | undefined): LibraryAlbum {
  const id = numericId(rawId, 'al-');
  const album = id === null ? undefined : library.albumsById.get(id);
  if (!album) throw notFound('Album');
  return album;
}

export function artist(library: Library, marks: Marks, params: Params): XmlObject {
  const found = requireArtist(library, params.required('id'));
  const albums = found.albumIds.map((id) => toAlbumId3(library.albumsById.get(id)!, marks));
  return { artist: { ...toArtistId3(found, library, marks), album: albums } };
}

export function album(db: Db, library: Library, marks: Marks, params: Params): XmlObject {
  const found = requireAlbum(library, params.required('id'));
  const songs = listAlbumSongs(db, found.id).map((row) => toChild(toSongDto(row.song, row.albumName), library, marks));
  return { album: { ...toAlbumId3(found, marks), song: songs } };
}

/**
 * getMusicDirectory, for apps that browse by folder from getIndexes: an artist is a folder of its
 * albums, an album a folder of its songs (there are no real folders: nothing of the disk shows).
 */
export function musicDirectory(db: Db, library: Library, marks: Marks, params: Params): XmlObject {
  const id = params.required('id');
  if (id.startsWith('ar-')) {
    const found = requireArtist(library, id);
    const child = found.albumIds.map((albumId) => {
      const albumFound = library.albumsById.get(albumId)!;
      const dto = toAlbumId3(albumFound, marks);
      return { id: dto.id, parent: found.id, isDir: true, title: albumFound.name, album: albumFound.name, artist: albumFound.artistName, coverArt: dto.coverArt, created: dto.created, starred: dto.starred };
    });
    return { directory: { id: found.id, name: found.name, starred: toArtistId3(found, library, marks).starred, child } };
  }
  const found = requireAlbum(library, id);
  const child = listAlbumSongs(db, found.id).map((row) => toChild(toSongDto(row.song, row.albumName), library, marks));
  return { directory: { id: `al-${found.id}`, parent: found.artistId, name: found.name, child } };
}

/** A song the family can hear (published, not trashed), by "12" or "mf-12"; else 70. */
export function requireVisibleSong(db: Db, rawId: string | undefined) {
  const id = numericId(rawId, 'mf-', true);
  const found = id === null ? undefined : findSongById(db, id);
  if (!found || found.song.status !== 'published' || found.song.deletedAt) throw notFound('Song');
  return found;
}

export function song(db: Db, library: Library, marks: Marks, params: Params): XmlObject {
  const found = requireVisibleSong(db, params.required('id'));
  return { song: toChild(toSongDto(found.song, found.albumName), library, marks) };
}

/** Up to `count` distinct random picks from `pool` (a partial Fisher–Yates on a copy of the indexes). */
function sample<T>(pool: ArrayLike<T>, count: number): T[] {
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

export function randomSongs(db: Db, library: Library, marks: Marks, params: Params): XmlObject {
  const size = params.int('size', 10, 0, 500);
  const ids = sample(library.songIds, size);
  const songs = listVisibleSongValuesByIds(db, ids).map((values) => toChild(songDtoFromValues(values), library, marks));
  return { randomSongs: { song: songs } };
}

/** Lists that need what a user did (frequent, recent, starred): ./activity.ts supplies them. */
export type ActivityLists = Record<'frequent' | 'recent' | 'starred', () => number[]>;

const ALBUM_LISTS = ['random', 'newest', 'alphabeticalByName', 'alphabeticalByArtist', 'frequent', 'recent', 'starred', 'highest', 'byYear', 'byGenre'];

function orderedAlbums(library: Library, type: string, activity: ActivityLists, size: number, offset: number): LibraryAlbum[] {
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
    case 'frequent':
    case 'recent':
    case 'starred':
      return page(known(activity[type]()));
    default:
      // highest (no ratings), byYear and byGenre (no years or genres on albums): nothing matches.
      return [];
  }
}

export function albumList2(library: Library, marks: Marks, params: Params, activity: ActivityLists): XmlObject {
  const type = params.required('type');
  if (!ALBUM_LISTS.includes(type)) throw new SubsonicError(SUBSONIC_ERROR.generic, `Unknown album list type: ${type.slice(0, 40)}`);
  const size = params.int('size', 10, 0, 500);
  const offset = params.int('offset', 0, 0, 1_000_000);
  return { albumList2: { album: orderedAlbums(library, type, activity, size, offset).map((found) => toAlbumId3(found, marks)) } };
}
