import type { Db } from '../../../db/client.ts';
import { findVisibleSongById, listAlbumSongs } from '../../../db/queries/songs.ts';
import { listVisibleSongValuesByIds } from '../../../db/queries/subsonic.ts';
import { songDtoFromValues, toSongDto } from '../catalogue/dto.ts';
import { type Marks, toAlbumId3, toArtist, toArtistId3, toChild } from './dto.ts';
import { SUBSONIC_ERROR, SubsonicError, notFound } from './errors.ts';
import { genreIndex, genreKey } from './genres.ts';
import { sample, yearRange } from './lists.ts';
import { LOOSE_ALBUM_NAME, looseAlbumFolder, looseAlbumId, looseAlbumId3, looseArtist, looseSongs } from './loose-songs.ts';
import { IGNORED_ARTICLES, type Library, type LibraryAlbum, type LibraryArtist, byName, sortName } from './library.ts';
import { type Params, numericId } from './params.ts';
import type { XmlObject } from './xml.ts';
import type { Viewer } from '../../../db/queries/visibility.ts';

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

export function artist(db: Db, library: Library, marks: Marks, params: Params): XmlObject {
  const found = requireArtist(library, params.required('id'));
  const albums = found.albumIds.map((id) => toAlbumId3(library.albumsById.get(id)!, marks));
  if (found.looseSongIds.length > 0) albums.push(looseAlbumId3(db, library.viewer, found));
  return { artist: { ...toArtistId3(found, library, marks), album: albums } };
}

export function album(db: Db, library: Library, marks: Marks, params: Params): XmlObject {
  const id = params.required('id');
  const loose = looseArtist(library, id);
  if (loose) return { album: { ...looseAlbumId3(db, library.viewer, loose), song: looseSongs(db, library, marks, loose) } };
  const found = requireAlbum(library, id);
  const songs = listAlbumSongs(db, found.id, library.viewer).map((row) => toChild(toSongDto(row.song, row.albumName), library, marks));
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
    const child: XmlObject[] = found.albumIds.map((albumId) => {
      const albumFound = library.albumsById.get(albumId)!;
      const dto = toAlbumId3(albumFound, marks);
      return { id: dto.id, parent: found.id, isDir: true, title: albumFound.name, album: albumFound.name, artist: albumFound.artistName, coverArt: dto.coverArt, created: dto.created, starred: dto.starred };
    });
    if (found.looseSongIds.length > 0) child.push(looseAlbumFolder(found));
    return { directory: { id: found.id, name: found.name, starred: toArtistId3(found, library, marks).starred, child } };
  }
  const loose = looseArtist(library, id);
  if (loose) return { directory: { id: looseAlbumId(loose), parent: loose.id, name: LOOSE_ALBUM_NAME, child: looseSongs(db, library, marks, loose) } };
  const found = requireAlbum(library, id);
  const child = listAlbumSongs(db, found.id, library.viewer).map((row) => toChild(toSongDto(row.song, row.albumName), library, marks));
  return { directory: { id: `al-${found.id}`, parent: found.artistId, name: found.name, child } };
}

/** A song the family can hear (published, not trashed), by "12" or "mf-12"; else 70. */
export function requireVisibleSong(db: Db, viewer: Viewer, rawId: string | undefined) {
  const id = numericId(rawId, 'mf-', true);
  const found = id === null ? undefined : findVisibleSongById(db, id, viewer);
  if (!found) throw notFound('Song');
  return found;
}

export function song(db: Db, library: Library, marks: Marks, params: Params): XmlObject {
  const found = requireVisibleSong(db, library.viewer, params.required('id'));
  return { song: toChild(toSongDto(found.song, found.albumName), library, marks) };
}

/** The songs random picks choose from: all, or those of `genre` and within fromYear–toYear. */
function randomPool(db: Db, library: Library, params: Params): ArrayLike<number> {
  const genreName = params.get('genre');
  const years = yearRange(params, false);
  if (!genreName && !years) return library.songIds;
  const genre = genreName ? genreIndex(db, library).byKey.get(genreKey(genreName)) : undefined;
  if (genreName && !genre) return [];
  const inGenre = genre && new Set(genre.songIds);
  const [low, high] = years ? [Math.min(years.from, years.to), Math.max(years.from, years.to)] : [0, 0];
  const pool: number[] = [];
  library.songIds.forEach((id, index) => {
    const year = library.songYears[index]!;
    if (inGenre && !inGenre.has(id)) return;
    if (years && (year === 0 || year < low || year > high)) return;
    pool.push(id);
  });
  return pool;
}

export function randomSongs(db: Db, library: Library, marks: Marks, params: Params): XmlObject {
  const size = params.int('size', 10, 0, 500);
  const ids = sample(randomPool(db, library, params), size);
  const songs = listVisibleSongValuesByIds(db, library.viewer, ids).map((values) => toChild(songDtoFromValues(values), library, marks));
  return { randomSongs: { song: songs } };
}
