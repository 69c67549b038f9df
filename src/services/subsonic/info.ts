import type { Db } from '../../../db/client.ts';
import { findAlbumById } from '../../../db/queries/albums.ts';
import { previewUrl } from '../../../media/images.ts';
import { songsOfSameListeners } from '../../../db/queries/subsonic-mixes.ts';
import { requireAlbum, requireArtist } from './browse.ts';
import { type Marks, toArtistId3 } from './dto.ts';
import { genreIndex, indexOfSorted } from './genres.ts';
import type { Library, LibraryArtist } from './library.ts';
import { toArtistFolder } from './lists.ts';
import { looseArtist } from './loose-songs.ts';
import type { Params } from './params.ts';
import { TextElement, type XmlObject } from './xml.ts';

// Artist and album info from what the library itself knows (no internet lookups): counts as the
// text, and similar artists by shared genres and by shared listeners in the household.

// Per library: each song's artist as an index into library.artists, beside library.songIds
// (ascending), so a 100,000-song library costs 400 KB rather than a Map of 100,000 entries.
const artistOfSong = new WeakMap<Library, Uint32Array>();

function songArtists(library: Library): { get(songId: number): LibraryArtist | undefined } {
  let owners = artistOfSong.get(library);
  if (!owners) {
    const built = new Uint32Array(library.songIds.length);
    library.artists.forEach((artist, index) => {
      for (const songId of artist.songIds) built[indexOfSorted(library.songIds, songId)] = index;
    });
    artistOfSong.set(library, (owners = built));
  }
  const found = owners;
  return {
    get(songId) {
      const at = indexOfSorted(library.songIds, songId);
      return at < 0 ? undefined : library.artists[found[at]!];
    },
  };
}

/** Other artists by how many of their songs share a genre (1 each) or a listener (2 each). */
function similarArtists(db: Db, library: Library, artist: LibraryArtist, count: number): LibraryArtist[] {
  const owners = songArtists(library);
  const scores = new Map<LibraryArtist, number>();
  const add = (songId: number, score: number) => {
    const other = owners.get(songId);
    if (other && other !== artist) scores.set(other, (scores.get(other) ?? 0) + score);
  };
  const genres = genreIndex(db, library);
  const keys = new Set(artist.songIds.flatMap((songId) => genres.ofSong(songId)));
  for (const key of keys) for (const songId of genres.byKey.get(key)?.songIds ?? []) add(songId, 1);
  for (const songId of songsOfSameListeners(db, artist.songIds)) add(songId, 2);
  return [...scores]
    .sort((a, b) => b[1] - a[1] || a[0].name.localeCompare(b[0].name))
    .slice(0, count)
    .map(([other]) => other);
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** An album's artwork as the info's image URLs (public, content-addressed): the 512 px preview and the original. */
function imagesOf(db: Db, library: Library, albumId: number | undefined, origin: string): XmlObject {
  const artwork = albumId === undefined ? null : (findAlbumById(db, albumId, library.viewer)?.artworkUrl ?? null);
  const preview = previewUrl(artwork);
  if (!artwork || !preview) return {};
  return { smallImageUrl: new TextElement(origin + preview), mediumImageUrl: new TextElement(origin + preview), largeImageUrl: new TextElement(origin + artwork) };
}

export function artistInfo(db: Db, library: Library, marks: Marks, params: Params, origin: string, version: 1 | 2): XmlObject {
  const artist = requireArtist(library, params.required('id'));
  const count = params.int('count', 20, 0, 100);
  const similar = similarArtists(db, library, artist, count);
  const info = {
    biography: new TextElement(`${plural(artist.songCount, 'song')} on ${plural(artist.albumIds.length, 'album')} in the family library.`),
    ...imagesOf(db, library, artist.albumIds.find((id) => library.albumsById.get(id)?.hasArtwork), origin),
    similarArtist: version === 1 ? similar.map((other) => toArtistFolder(other, marks)) : similar.map((other) => toArtistId3(other, library, marks)),
  };
  return version === 1 ? { artistInfo: info } : { artistInfo2: info };
}

export function albumInfo(db: Db, library: Library, params: Params, origin: string): XmlObject {
  const id = params.required('id');
  const loose = looseArtist(library, id);
  if (loose) return { albumInfo: { notes: new TextElement(`${plural(loose.looseSongIds.length, 'song')} in the family library.`) } };
  const album = requireAlbum(library, id);
  return { albumInfo: { notes: new TextElement(`${plural(album.songCount, 'song')} in the family library.`), ...imagesOf(db, library, album.id, origin) } };
}
