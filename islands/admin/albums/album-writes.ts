import { useQueryClient } from '@tanstack/react-query';
import type { AlbumDto } from '../../../src/shared/types.ts';
import { albumDeleted, albumRenamed } from '../../albums/album-cache.ts';
import { failureText } from '../../albums/album-text.ts';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/queries.ts';
import { toast } from '../../ui/toast-store.ts';
import { deletedKeys } from '../deleted/deleted-queries.ts';

/** Album errors: titled 'Error', the server's message when it answered (docs/decisions/061-admin-albums-tab.md). */
const failed = (error: unknown, fallback: string) => toast({ title: 'Error', description: failureText(error, fallback), variant: 'destructive' });

/**
 * The Albums tab's writes with their §8 toasts. Each resolves true on success and false on a
 * failure (already reported), so the caller only decides what its form does next.
 */
export function useAlbumWrites() {
  const queryClient = useQueryClient();
  return {
    async create(name: string): Promise<boolean> {
      try {
        await apiRequest<AlbumDto>('/api/albums', { method: 'POST', body: { name } });
        void queryClient.invalidateQueries({ queryKey: queryKeys.albums });
        toast({ title: 'Album created successfully' });
        return true;
      } catch (error) {
        failed(error, 'Failed to create album');
        return false;
      }
    },
    async rename(id: number, name: string): Promise<boolean> {
      try {
        albumRenamed(queryClient, await apiRequest<AlbumDto>(`/api/albums/${id}`, { method: 'PATCH', body: { name } }));
        toast({ title: 'Album updated successfully' });
        return true;
      } catch (error) {
        failed(error, 'Failed to update album');
        return false;
      }
    },
    async remove(id: number): Promise<boolean> {
      try {
        await apiRequest(`/api/albums/${id}`, { method: 'DELETE' });
        albumDeleted(queryClient, id);
        void queryClient.invalidateQueries({ queryKey: deletedKeys.albums });
        toast({ title: 'Album deleted successfully' });
        return true;
      } catch (error) {
        failed(error, 'Failed to delete album');
        return false;
      }
    },
  };
}
