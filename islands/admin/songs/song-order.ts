/** Album filter: every song, songs without an album, or one album's id (as a string). */
export type AlbumFilter = 'all' | 'none' | `${number}`;
export type SongSort = 'recent' | 'status' | 'alphabetical';

export const SORT_OPTIONS: readonly { value: SongSort; label: string }[] = [
  { value: 'recent', label: 'Recently Added' },
  { value: 'status', label: 'By Status' },
  { value: 'alphabetical', label: 'Alphabetical' },
];
