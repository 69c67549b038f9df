import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PlaylistDto, SongDto } from '../../src/shared/types.ts';
import { ApiError, apiRequest } from '../lib/api.ts';
import { queryKeys } from '../lib/queries.ts';

const path = (id: string) => `/api/playlists/${encodeURIComponent(id)}`;

export function usePlaylist(id: string) {
  return useQuery({ queryKey: queryKeys.playlist(id), queryFn: () => apiRequest<PlaylistDto>(path(id)) });
}

/** A playlist's songs in their saved order (only what the viewer may hear). */
export function usePlaylistSongs(id: string) {
  return useQuery({ queryKey: queryKeys.playlistSongs(id), queryFn: () => apiRequest<SongDto[]>(`${path(id)}/songs`) });
}

/**
 * Reads the library in the background once the page has settled, so Add Songs opens on rows
 * rather than on a 50,000-song download (bench/add-songs.bench.ts). The library view shares
 * the read, so a session pays for it once.
 */
export function usePrefetchLibrary(ready: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!ready) return;
    const prefetch = () => void queryClient.prefetchQuery({ queryKey: queryKeys.songs, queryFn: () => apiRequest<SongDto[]>('/api/songs') });
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(prefetch, 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(prefetch, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [ready, queryClient]);
}

/** Spec §8: the server's message when it answered with one, else the given fallback (a network failure too). */
export const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

/**
 * The playlist's own reads and the list of playlists after a change: the name, the artwork
 * (the first song's) and the songs may all have moved. Reads are never stale otherwise.
 */
export function refreshPlaylist(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.playlistSongs(id), exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.playlist(id), exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.playlists, exact: true }),
  ]);
}

export const playlistApi = {
  create: (name: string) => apiRequest<PlaylistDto>('/api/playlists', { method: 'POST', body: { name } }),
  rename: (id: string, name: string) => apiRequest<PlaylistDto>(path(id), { method: 'PATCH', body: { name } }),
  remove: (id: string) => apiRequest<void>(path(id), { method: 'DELETE' }),
  addSong: (id: string, songId: number) => apiRequest<SongDto[]>(`${path(id)}/songs`, { method: 'POST', body: { songId } }),
  removeSong: (id: string, songId: number) => apiRequest<void>(`${path(id)}/songs/${songId}`, { method: 'DELETE' }),
  reorder: (id: string, songIds: number[]) => apiRequest<SongDto[]>(`${path(id)}/songs`, { method: 'PUT', body: { songIds } }),
};
