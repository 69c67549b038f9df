import { type QueryClient, useQuery } from '@tanstack/react-query';
import { albumKeys } from './albums.ts';
import { apiRequest } from './request.ts';
import { songKeys } from './songs.ts';

/** `/api/deleted/*`: the trash lists (admins); restore and permanent delete are in songs.ts and albums.ts. */
export const trashPaths = {
  songs: '/api/deleted/songs',
  albums: '/api/deleted/albums',
};

export const trashKeys = {
  all: ['deleted'] as const,
  songs: ['deleted', 'songs'] as const,
  albums: ['deleted', 'albums'] as const,
};

export function useDeletedSongs() {
  return useQuery({ queryKey: trashKeys.songs, queryFn: () => apiRequest(trashPaths.songs, { expect: 'deletedSongs' }) });
}

export function useDeletedAlbums() {
  return useQuery({ queryKey: trashKeys.albums, queryFn: () => apiRequest(trashPaths.albums, { expect: 'deletedAlbums' }) });
}

/** After anything moves into or out of Deleted: the trash lists, the catalogue's songs and albums. */
export function trashChanged(queryClient: QueryClient): void {
  for (const queryKey of [trashKeys.all, songKeys.library, albumKeys.list]) void queryClient.invalidateQueries({ queryKey });
}
