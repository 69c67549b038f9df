import { useQuery } from '@tanstack/react-query';
import type { BookmarkSave } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/** Continue listening: the person's positions in long songs (the Subsonic apps' bookmarks too). */
export const bookmarkPaths = {
  list: '/api/bookmarks',
  one: (songId: number) => `/api/bookmarks/${songId}`,
};

export const bookmarkKeys = { list: ['bookmarks'] as const };

/** Always read afresh: the player (here or on another device) may have moved on since. */
export function useContinueListening() {
  return useQuery({ queryKey: bookmarkKeys.list, queryFn: () => apiRequest(bookmarkPaths.list, { expect: 'bookmarks' }), staleTime: 0, refetchOnMount: 'always' });
}

export const bookmarksApi = {
  /** `keepalive` lets it finish after the page is gone (pagehide). */
  save: (songId: number, positionMs: number, keepalive = false) =>
    apiRequest(bookmarkPaths.one(songId), { method: 'PUT', body: { positionMs } satisfies BookmarkSave, keepalive }),
};
