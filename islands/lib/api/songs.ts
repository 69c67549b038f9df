import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BulkSongs, SongPatch, SongStatus, SongStatusChange } from '../../../src/shared/types.ts';
import type { LyricsDto, LyricsEdit } from '../../../src/shared/schemas/lyrics.ts';
import { SONGS_BY_ID_MAX, SONG_PAGE_MAX } from '../../../src/shared/library-pages.ts';
import { ApiError, apiRequest } from './request.ts';
import { type BulkAction, songPaths } from './song-paths.ts';

export type { BulkAction };

/** `/api/songs/*`: the library's pages and searches, Manage Songs' order and rows, one song's writes and the bulk actions (paths in song-paths.ts). */
export const songKeys = {
  /** Every song query's prefix: invalidating it refreshes them all. */
  library: ['songs'] as const,
  /** The library view's pages; invalidating `library` refreshes them too. */
  pages: ['songs', 'pages'] as const,
  /** Add Songs' pages of the library narrowed by its search (trimmed; '' for all). */
  search: (term: string) => ['songs', 'search', term] as const,
  /** Manage Songs' order (ids) for an album filter and sort, and its rows fetched by id. */
  adminIds: (album: string, sort: string) => ['songs', 'all', 'ids', album, sort] as const,
  adminIdsAll: ['songs', 'all', 'ids'] as const,
  adminRows: (ids: readonly number[]) => ['songs', 'all', 'rows', ids.join(',')] as const,
  adminRowsAll: ['songs', 'all', 'rows'] as const,
  lyrics: (id: number) => ['songs', id, 'lyrics'] as const,
};

/** A song's lyrics, or null when it has none (or they are not this viewer's to read). */
async function fetchLyrics(id: number): Promise<LyricsDto | null> {
  try {
    return await apiRequest(songPaths.lyrics(id), { expect: 'lyrics' });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return null;
    throw error;
  }
}

/** The lyrics of a song (the player's Lyrics view, the admin form); null when it has none. */
export function useSongLyrics(id: number | null) {
  return useQuery({ queryKey: songKeys.lyrics(id ?? 0), queryFn: () => fetchLyrics(id!), enabled: id !== null, retry: false, staleTime: 5 * 60_000 });
}

/** Songs per page after the first (the server's first page is smaller: src/shared/library-pages.ts). */
export const LIBRARY_PAGE_SIZE = SONG_PAGE_MAX;

/** The library a page at a time, in the server's order (GET /api/songs/page). */
export function useLibraryPages() {
  return useInfiniteQuery({
    queryKey: songKeys.pages,
    queryFn: ({ pageParam }) => apiRequest(songPaths.page(pageParam, pageParam === null ? undefined : LIBRARY_PAGE_SIZE), { expect: 'songPage' }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/** Songs per search page after the first (the server's FIRST_PAGE_SIZE). */
export const SEARCH_PAGE_SIZE = 500;

/** Published songs whose title or artist holds `term`, a page at a time in the library's order. */
export const librarySearchQuery = (term: string) =>
  infiniteQueryOptions({
    queryKey: songKeys.search(term.trim()),
    queryFn: ({ pageParam }) => apiRequest(songPaths.page(pageParam, pageParam === null ? undefined : SEARCH_PAGE_SIZE, term), { expect: 'songPage' }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** Admin: the ids of every song (pending and published) an album filter keeps, in a sort's order; the last order stays up while the next is read. */
export function useAdminSongIds(album: string, sort: string) {
  return useQuery({
    queryKey: songKeys.adminIds(album, sort),
    queryFn: () => apiRequest(songPaths.adminIds(album, sort), { expect: 'adminSongIds' }),
    placeholderData: keepPreviousData,
  });
}

/** Admin: these songs (at most SONGS_BY_ID_MAX), in this order; fetched once each set. */
export const adminRowsQuery = (ids: readonly number[]) => ({
  queryKey: songKeys.adminRows(ids),
  queryFn: () => apiRequest(songPaths.adminRows(ids), { expect: 'songs' }),
});

/** Which of these songs the user's library holds now (published, not trashed, allowed), SONGS_BY_ID_MAX a request. */
export async function visibleSongs(ids: readonly number[]) {
  const found = [];
  for (let start = 0; start < ids.length; start += SONGS_BY_ID_MAX) {
    found.push(...(await apiRequest(songPaths.visible(ids.slice(start, start + SONGS_BY_ID_MAX)), { expect: 'songs' })));
  }
  return found;
}

export const songApi = {
  update: (id: number, patch: SongPatch) => apiRequest(songPaths.one(id), { method: 'PATCH', body: patch, expect: 'song' }),
  setStatus: (id: number, status: SongStatus) => apiRequest(songPaths.status(id), { method: 'PATCH', body: { status } satisfies SongStatusChange, expect: 'song' }),
  /** Moves the song to the trash. */
  remove: (id: number) => apiRequest(songPaths.one(id), { method: 'DELETE' }),
  replaceAudio: (id: number, file: File) => {
    const body = new FormData();
    body.set('file', file);
    return apiRequest(songPaths.audio(id), { method: 'PATCH', body, expect: 'song' });
  },
  /** One request for up to the server's cap of ids; all or nothing. */
  bulk: (action: BulkAction, songIds: number[]) => apiRequest(songPaths.bulk(action), { method: 'POST', body: { songIds } satisfies BulkSongs, expect: 'bulkResult' }),
  /** LRC or plain text; empty text removes the lyrics (null). */
  setLyrics: async (id: number, text: string): Promise<LyricsDto | null> =>
    ((await apiRequest(songPaths.lyrics(id), { method: 'PUT', body: { text } satisfies LyricsEdit })) as LyricsDto | undefined) ?? null,
  restore: (id: number) => apiRequest(songPaths.restore(id), { method: 'POST', expect: 'song' }),
  deleteForever: (id: number) => apiRequest(songPaths.permanent(id), { method: 'DELETE' }),
};
