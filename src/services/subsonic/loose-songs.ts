import type { Db } from '../../../db/client.ts';
import { listVisibleSongValuesByIds } from '../../../db/queries/subsonic.ts';
import { songDtoFromValues } from '../catalogue/dto.ts';
import { type Marks, toChild } from './dto.ts';
import type { Library, LibraryArtist } from './library.ts';
import type { XmlObject } from './xml.ts';
import type { Viewer } from '../../../db/queries/visibility.ts';

/**
 * Songs on no album, as one album-less entry under their artist (the name other servers use),
 * so apps that browse artist → album → song, and downloaders walking that tree, reach every song.
 * Its id is `al-` and the artist's id: stable, and never taken by a real album.
 */
export const LOOSE_ALBUM_NAME = '[Unknown Album]';

export const looseAlbumId = (artist: LibraryArtist) => `al-${artist.id}`;

/** The artist whose album-less entry `id` names, if it names one with songs. */
export function looseArtist(library: Library, id: string): LibraryArtist | undefined {
  if (!id.startsWith('al-ar-')) return undefined;
  const artist = library.artistsById.get(id.slice(3));
  return artist && artist.looseSongIds.length > 0 ? artist : undefined;
}

function duration(db: Db, viewer: Viewer, artist: LibraryArtist): number {
  return listVisibleSongValuesByIds(db, viewer, artist.looseSongIds).reduce((sum, values) => sum + songDtoFromValues(values).duration, 0);
}

/** The entry as an album of getArtist (AlbumID3). */
export function looseAlbumId3(db: Db, viewer: Viewer, artist: LibraryArtist): XmlObject {
  return {
    id: looseAlbumId(artist),
    name: LOOSE_ALBUM_NAME,
    artist: artist.name,
    artistId: artist.id,
    songCount: artist.looseSongIds.length,
    duration: Math.round(duration(db, viewer, artist)),
    created: new Date(0).toISOString(),
  };
}

/** The entry as a folder of the artist's folder (getMusicDirectory). */
export function looseAlbumFolder(artist: LibraryArtist): XmlObject {
  return { id: looseAlbumId(artist), parent: artist.id, isDir: true, title: LOOSE_ALBUM_NAME, album: LOOSE_ALBUM_NAME, artist: artist.name };
}

export function looseSongs(db: Db, library: Library, marks: Marks, artist: LibraryArtist): XmlObject[] {
  return listVisibleSongValuesByIds(db, library.viewer, artist.looseSongIds).map((values) => ({ ...toChild(songDtoFromValues(values), library, marks), parent: looseAlbumId(artist) }));
}
