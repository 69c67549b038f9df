import { type QueryClient, useQuery } from '@tanstack/react-query';
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
