import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { PlaylistName, PlaylistOrder, PlaylistSongAdd } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/** `/api/playlists/*`: the signed-in user's playlists, one playlist and its songs, their writes. */
export const playlistPaths = {
  list: '/api/playlists',
  one: (id: string | number) => `/api/playlists/${encodeURIComponent(id)}`,
  songs: (id: string | number) => `/api/playlists/${encodeURIComponent(id)}/songs`,
  song: (id: string | number, songId: number) => `/api/playlists/${encodeURIComponent(id)}/songs/${songId}`,
  containing: (songId: number) => `/api/playlists/containing/${songId}`,
};

export const playlistKeys = {
  list: ['playlists'] as const,
  one: (id: string) => ['playlists', id] as const,
  songs: (id: string) => ['playlists', id, 'songs'] as const,
  containing: (songId: number) => ['playlists', 'containing', songId] as const,
};

/** The signed-in user's own playlists (in the add dialog only while it is open). */
export function usePlaylists(enabled = true) {
  return useQuery({ queryKey: playlistKeys.list, queryFn: () => apiRequest(playlistPaths.list, { expect: 'playlists' }), enabled });
}

/** The ids of the user's playlists that already hold this song (the add dialog marks them). */
export function usePlaylistIdsWithSong(songId: number) {
  // Forgotten as soon as the dialog closes: a removal elsewhere must not leave a stale mark.
  return useQuery({
    queryKey: playlistKeys.containing(songId),
    queryFn: () => apiRequest(playlistPaths.containing(songId), { expect: 'playlistIds' }),
    gcTime: 0,
  });
}

export function usePlaylist(id: string) {
  return useQuery({ queryKey: playlistKeys.one(id), queryFn: () => apiRequest(playlistPaths.one(id), { expect: 'playlist' }) });
}

/** A playlist's songs in their saved order (only what the viewer may hear). */
export function usePlaylistSongs(id: string) {
  return useQuery({ queryKey: playlistKeys.songs(id), queryFn: () => apiRequest(playlistPaths.songs(id), { expect: 'songs' }) });
}

/**
 * The playlist's own reads and the list of playlists after a change: the name, the artwork
 * (the first song's) and the songs may all have moved. Reads are never stale otherwise.
 */
export function refreshPlaylist(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: playlistKeys.songs(id), exact: true }),
    queryClient.invalidateQueries({ queryKey: playlistKeys.one(id), exact: true }),
    queryClient.invalidateQueries({ queryKey: playlistKeys.list, exact: true }),
  ]);
}

export const playlistApi = {
  create: (name: string) => apiRequest(playlistPaths.list, { method: 'POST', body: { name } satisfies PlaylistName, expect: 'playlist' }),
  rename: (id: string, name: string) => apiRequest(playlistPaths.one(id), { method: 'PATCH', body: { name } satisfies PlaylistName, expect: 'playlist' }),
  remove: (id: string) => apiRequest(playlistPaths.one(id), { method: 'DELETE' }),
  addSong: (id: string | number, songId: number) => apiRequest(playlistPaths.songs(id), { method: 'POST', body: { songId } satisfies PlaylistSongAdd, expect: 'songs' }),
  removeSong: (id: string, songId: number) => apiRequest(playlistPaths.song(id, songId), { method: 'DELETE' }),
  reorder: (id: string, songIds: number[]) => apiRequest(playlistPaths.songs(id), { method: 'PUT', body: { songIds } satisfies PlaylistOrder, expect: 'songs' }),
};
