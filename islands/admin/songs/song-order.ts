import type { SongDto } from '../../../src/shared/types.ts';

/** Album filter: every song, songs without an album, or one album's id (as a string). */
export type AlbumFilter = 'all' | 'none' | `${number}`;
export type SongSort = 'recent' | 'status' | 'alphabetical';

export const SORT_OPTIONS: readonly { value: SongSort; label: string }[] = [
  { value: 'recent', label: 'Recently Added' },
  { value: 'status', label: 'By Status' },
  { value: 'alphabetical', label: 'Alphabetical' },
];

export function filterByAlbum(songs: readonly SongDto[], filter: AlbumFilter): SongDto[] {
  if (filter === 'all') return songs.slice();
  if (filter === 'none') return songs.filter((song) => song.albumId === null);
  const albumId = Number(filter);
  return songs.filter((song) => song.albumId === albumId);
}

// Newest first; equal times (a bulk import) by id, newest first too.
const byRecent = (a: SongDto, b: SongDto) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id);

/**
 * Sorts in place and returns the list. Alphabetical compares lower-cased titles (the server's
 * NOCASE order, so its already sorted list sorts in linear time); By Status puts pending
 * songs (the ones waiting for an admin) first, each group newest first.
 */
export function sortSongs(songs: SongDto[], sort: SongSort): SongDto[] {
  if (sort === 'recent') return songs.sort(byRecent);
  if (sort === 'status') return songs.sort((a, b) => (a.status === b.status ? byRecent(a, b) : a.status === 'pending' ? -1 : 1));
  const keys = new Map(songs.map((song) => [song, song.title.toLowerCase()]));
  return songs.sort((a, b) => {
    const x = keys.get(a)!;
    const y = keys.get(b)!;
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  });
}

export const orderSongs = (songs: readonly SongDto[], filter: AlbumFilter, sort: SongSort) => sortSongs(filterByAlbum(songs, filter), sort);
