import type { Db } from '../../../db/client.ts';
import { listVisibleSongValuesPage } from '../../../db/queries/subsonic.ts';
import { songDtoFromValues } from '../catalogue/dto.ts';
import { searchSongs } from '../catalogue/search.ts';
import { type Marks, toAlbumId3, toArtistId3, toChild } from './dto.ts';
import type { SongDto } from '../../shared/types.ts';
import type { Library, LibraryAlbum, LibraryArtist } from './library.ts';
import { toAlbumChild, toArtistFolder } from './lists.ts';
import type { Params } from './params.ts';
import type { XmlObject } from './xml.ts';

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const words = (text: string) => (text.normalize('NFC').toLowerCase().match(WORD) ?? []).slice(0, 8);

/** Every typed word is the start of some word of the name: the web search's rule, for names held in memory. */
function matches(name: string, terms: string[]): boolean {
  const own = words(name);
  return terms.every((term) => own.some((word) => word.startsWith(term)));
}

/** What a search found, paged, before it takes the shape of search2 or search3. */
function searchLibrary(db: Db, library: Library, params: Params): { artists: LibraryArtist[]; albums: LibraryAlbum[]; songs: SongDto[] } {
  const query = (params.get('query') ?? '').trim();
  const everything = query === '' || query === '""' || query === "''";
  const artistCount = params.int('artistCount', 20, 0, 500);
  const albumCount = params.int('albumCount', 20, 0, 500);
  const songCount = params.int('songCount', 20, 0, 500);
  const artistOffset = params.int('artistOffset', 0, 0, 10_000_000);
  const albumOffset = params.int('albumOffset', 0, 0, 10_000_000);
  const songOffset = params.int('songOffset', 0, 0, 10_000_000);
  const terms = words(query);
  // Only punctuation typed: like the web search, nothing matches.
  if (!everything && terms.length === 0) return { artists: [], albums: [], songs: [] };
  const artists = everything ? library.artists : library.artists.filter((found) => matches(found.name, terms));
  const albums = everything ? library.albums : library.albums.filter((found) => matches(found.name, terms));
  const songs = everything
    ? songCount === 0
      ? []
      : listVisibleSongValuesPage(db, library.viewer, songCount, songOffset).map(songDtoFromValues)
    : searchSongs(db, query, library.viewer).songs.slice(songOffset, songOffset + songCount);
  return {
    artists: artists.slice(artistOffset, artistOffset + artistCount),
    albums: albums.slice(albumOffset, albumOffset + albumCount),
    songs,
  };
}

/**
 * search3: songs through the web app's search (the same FTS query, the same ranking and cap),
 * artists and albums by the same prefix rule. An empty query (`""`, as Symfonium and others
 * send to sync everything) pages through the whole visible library.
 */
export function search3(db: Db, library: Library, marks: Marks, params: Params): XmlObject {
  const found = searchLibrary(db, library, params);
  return {
    searchResult3: {
      artist: found.artists.map((artist) => toArtistId3(artist, library, marks)),
      album: found.albums.map((album) => toAlbumId3(album, marks)),
      song: found.songs.map((song) => toChild(song, library, marks)),
    },
  };
}

/** search2: the same search in the folder shapes (artists as folders, albums as `Child`). */
export function search2(db: Db, library: Library, marks: Marks, params: Params): XmlObject {
  const found = searchLibrary(db, library, params);
  return {
    searchResult2: {
      artist: found.artists.map((artist) => toArtistFolder(artist, marks)),
      album: found.albums.map((album) => toAlbumChild(album, marks)),
      song: found.songs.map((song) => toChild(song, library, marks)),
    },
  };
}
