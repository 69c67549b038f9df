import { useQuery } from '@tanstack/react-query';
import type { PlayReport } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/** The signed-in user's listening: favourites, recently played, the plays the player counts. */
export const listeningPaths = {
  favourites: '/api/favourites',
  favourite: (songId: number) => `/api/favourites/${songId}`,
  recent: '/api/recently-played',
  plays: '/api/plays',
};

export const listeningKeys = {
  favourites: ['favourites'] as const,
  recent: ['recently-played'] as const,
};

/** Favourite songs, newest first. */
export function useFavourites(enabled = true) {
  return useQuery({ queryKey: listeningKeys.favourites, queryFn: () => apiRequest(listeningPaths.favourites, { expect: 'songs' }), enabled });
}

/** Always read afresh: a play may have been counted since. */
export function useRecentlyPlayed() {
  return useQuery({ queryKey: listeningKeys.recent, queryFn: () => apiRequest(listeningPaths.recent, { expect: 'recentPlays' }), staleTime: 0, refetchOnMount: 'always' });
}

export const listeningApi = {
  setFavourite: (songId: number, favourite: boolean) => apiRequest(listeningPaths.favourite(songId), { method: favourite ? 'PUT' : 'DELETE' }),
  reportPlay: (songId: number) => apiRequest(listeningPaths.plays, { method: 'POST', body: { songId } satisfies PlayReport }),
};
