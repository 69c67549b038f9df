import { useQueryClient } from '@tanstack/react-query';
import { albumDeleted, albumRenamed } from '../../albums/album-cache.ts';
import { failureText } from '../../albums/album-text.ts';
import { albumApi, albumKeys } from '../../lib/api/albums.ts';
import { trashKeys } from '../../lib/api/trash.ts';
import { toast } from '../../ui/toast-store.ts';

/** Album errors: titled 'Error', the server's message when it answered (docs/decisions/061-admin-albums-tab.md). */
const failed = (error: unknown, fallback: string) => toast({ title: 'Error', description: failureText(error, fallback), variant: 'destructive' });

/**
 * The Albums tab's writes with the product's toasts. Each resolves true on success and false on a
 * failure (already reported), so the caller only decides what its form does next.
 */
export function useAlbumWrites() {
  const queryClient = useQueryClient();
  return {
    async create(name: string): Promise<boolean> {
      try {
        await albumApi.create(name);
        void queryClient.invalidateQueries({ queryKey: albumKeys.list });
        toast({ title: 'Album created successfully' });
        return true;
      } catch (error) {
        failed(error, 'Failed to create album');
        return false;
      }
    },
    async rename(id: number, name: string): Promise<boolean> {
      try {
        albumRenamed(queryClient, await albumApi.rename(id, name));
        toast({ title: 'Album updated successfully' });
        return true;
      } catch (error) {
        failed(error, 'Failed to update album');
        return false;
      }
    },
    async remove(id: number): Promise<boolean> {
      try {
        await albumApi.remove(id);
        albumDeleted(queryClient, id);
        void queryClient.invalidateQueries({ queryKey: trashKeys.albums });
        toast({ title: 'Album deleted successfully' });
        return true;
      } catch (error) {
        failed(error, 'Failed to delete album');
        return false;
      }
    },
  };
}
