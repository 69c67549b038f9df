import type { AdminSongSort } from '../../../src/shared/enums.ts';

/** Album filter: every song, songs without an album, or one album's id (as a string). */
export type AlbumFilter = 'all' | 'none' | `${number}`;
/** The server's sorts (GET /api/songs/all/ids), as the controls name them. */
export type SongSort = AdminSongSort;

export const SORT_OPTIONS: readonly { value: SongSort; label: string }[] = [
  { value: 'recent', label: 'Recently Added' },
  { value: 'status', label: 'By Status' },
  { value: 'alphabetical', label: 'Alphabetical' },
];
