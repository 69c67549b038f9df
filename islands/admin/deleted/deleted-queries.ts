import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { DeletedAlbumDto, DeletedSongDto } from '../../../src/shared/types.ts';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/queries.ts';

/** The Deleted tab's reads (spec §7 Trash, admins only). */
export const deletedKeys = {
  all: ['deleted'] as const,
  songs: ['deleted', 'songs'] as const,
  albums: ['deleted', 'albums'] as const,
};

export function useDeletedSongs() {
  return useQuery({ queryKey: deletedKeys.songs, queryFn: () => apiRequest<DeletedSongDto[]>('/api/deleted/songs') });
}

export function useDeletedAlbums() {
  return useQuery({ queryKey: deletedKeys.albums, queryFn: () => apiRequest<DeletedAlbumDto[]>('/api/deleted/albums') });
}

/** After anything moves into or out of Deleted: the trash lists, the catalogue's songs and albums. */
export function trashChanged(queryClient: QueryClient): void {
  for (const queryKey of [deletedKeys.all, queryKeys.songs, queryKeys.albums]) void queryClient.invalidateQueries({ queryKey });
}
