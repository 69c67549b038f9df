import { useQueryClient } from '@tanstack/react-query';
import { failureText } from '../../albums/album-text.ts';
import { apiRequest } from '../../lib/api.ts';
import { toast } from '../../ui/toast-store.ts';
import { deletedKeys, trashChanged } from './deleted-queries.ts';
import { runEach } from './run-each.ts';
import type { TrashItem } from './trash-items.ts';

/** Delete All sends one request per item (spec §7), a few at a time. */
const DELETE_ALL_AT_ONCE = 4;

const failed = (error: unknown, fallback: string) => toast({ title: 'Error', description: failureText(error, fallback), variant: 'destructive' });
const forever = ({ kind, item }: TrashItem) => apiRequest(`/api/${kind}/${item.id}/permanent`, { method: 'DELETE' });

/** The Deleted tab's writes with their §8 toasts; each resolves once reported, never rejects. */
export function useTrashWrites() {
  const queryClient = useQueryClient();
  const forgetDeleted = () => void queryClient.invalidateQueries({ queryKey: deletedKeys.all });
  return {
    async restore(entry: TrashItem): Promise<void> {
      const song = entry.kind === 'songs';
      try {
        await apiRequest(`/api/${entry.kind}/${entry.item.id}/restore`, { method: 'POST' });
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
      const left = await runEach(entries, forever, DELETE_ALL_AT_ONCE, onProgress);
      forgetDeleted();
      if (left.length === 0) toast({ title: 'All items deleted!' });
      else toast({ title: 'Error', description: 'Failed to delete all items', variant: 'destructive' });
    },
  };
}
