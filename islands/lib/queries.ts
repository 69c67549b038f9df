import { useQuery } from '@tanstack/react-query';
import type { AlbumDto, PlaylistDto, SongDto } from '../../src/shared/types.ts';
import { apiRequest } from './api.ts';

/** Every react-query key the signed-in app uses, so writes invalidate the right reads. */
export const queryKeys = {
  /** The signed-in user (seeded from the server render by the app shell). */
  user: ['user'] as const,
  songs: ['songs'] as const,
  /** Admins' list of every song (GET /api/songs/all); invalidating `songs` refreshes it too. */
  adminSongs: ['songs', 'all'] as const,
  albums: ['albums'] as const,
  album: (id: string) => ['albums', id] as const,
  albumSongs: (id: string) => ['albums', id, 'songs'] as const,
  playlists: ['playlists'] as const,
  playlist: (id: string) => ['playlists', id] as const,
  playlistSongs: (id: string) => ['playlists', id, 'songs'] as const,
  search: (q: string) => ['search', q] as const,
};

/** The library: every published song, sorted by title by the server. */
export function useLibrarySongs() {
  return useQuery({ queryKey: queryKeys.songs, queryFn: () => apiRequest<SongDto[]>('/api/songs') });
}

/** The signed-in user's own playlists (spec §7: in the add dialog only while it is open). */
export function usePlaylists(enabled = true) {
  return useQuery({ queryKey: queryKeys.playlists, queryFn: () => apiRequest<PlaylistDto[]>('/api/playlists'), enabled });
}

/** Admin: every song, pending and published (spec §7 GET /api/songs/all). */
export function useAdminSongs() {
  return useQuery({ queryKey: queryKeys.adminSongs, queryFn: () => apiRequest<SongDto[]>('/api/songs/all') });
}

export function useAlbums() {
  return useQuery({ queryKey: queryKeys.albums, queryFn: () => apiRequest<AlbumDto[]>('/api/albums') });
}

/** One album; a missing or trashed one is an ApiError with status 404 ('Album not found'). */
export function useAlbum(id: string) {
  return useQuery({ queryKey: queryKeys.album(id), queryFn: () => apiRequest<AlbumDto>(`/api/albums/${encodeURIComponent(id)}`) });
}

/** An album's songs in album order (albumOrder, then title), as the server sorts them. */
export function useAlbumSongs(id: string) {
  return useQuery({ queryKey: queryKeys.albumSongs(id), queryFn: () => apiRequest<SongDto[]>(`/api/albums/${encodeURIComponent(id)}/songs`) });
}
