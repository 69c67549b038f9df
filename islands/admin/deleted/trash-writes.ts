import { useQueryClient } from '@tanstack/react-query';
import { failureText } from '../../albums/album-text.ts';
import { albumApi } from '../../lib/api/albums.ts';
import { songApi } from '../../lib/api/songs.ts';
import { trashChanged, trashKeys } from '../../lib/api/trash.ts';
import { runBounded } from '../../lib/run-bounded.ts';
import { toast } from '../../ui/toast-store.ts';
import type { TrashItem } from './trash-items.ts';

/** Delete All sends one request per item, a few at a time. */
const DELETE_ALL_AT_ONCE = 4;

const failed = (error: unknown, fallback: string) => toast({ title: 'Error', description: failureText(error, fallback), variant: 'destructive' });
const api = (entry: TrashItem) => (entry.kind === 'songs' ? songApi : albumApi);
const forever = (entry: TrashItem) => api(entry).deleteForever(entry.item.id);

/** The Deleted tab's writes with the product's toasts; each resolves once reported, never rejects. */
export function useTrashWrites() {
  const queryClient = useQueryClient();
  const forgetDeleted = () => void queryClient.invalidateQueries({ queryKey: trashKeys.all });
  return {
    async restore(entry: TrashItem): Promise<void> {
      const song = entry.kind === 'songs';
      try {
        await api(entry).restore(entry.item.id);
        // Back in Manage Songs, the library and the album lists.
        trashChanged(queryClient);
        toast({ title: song ? 'Song restored!' : 'Album restored!' });
      } catch (error) {
        failed(error, song ? 'Failed to restore song' : 'Failed to restore album');
      }
    },
    async deleteForever(entry: TrashItem): Promise<void> {
      try {
        await forever(entry);
        forgetDeleted();
        toast({ title: entry.kind === 'songs' ? 'Song permanently deleted!' : 'Album permanently deleted!' });
      } catch (error) {
        failed(error, 'Failed to permanently delete song or album');
      }
    },
    async deleteAll(entries: readonly TrashItem[], onProgress: (done: number) => void): Promise<void> {
      const { failures } = await runBounded(entries, DELETE_ALL_AT_ONCE, forever, { onSettled: onProgress });
      forgetDeleted();
      if (failures.length === 0) toast({ title: 'All items deleted!' });
      else toast({ title: 'Error', description: 'Failed to delete all items', variant: 'destructive' });
    },
  };
}
