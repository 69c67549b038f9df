import { useQueryClient } from '@tanstack/react-query';
import { playlistApi, playlistKeys } from '../lib/api/playlists.ts';
import { toast } from '../ui/toast-store.ts';
import { NameDialog } from '../ui/name-dialog.tsx';
import { messageOf } from '../lib/api/request.ts';

/**
 * The Playlists list's 'Create Playlist' dialog with a Name field ('My Awesome Playlist'); a failure
 * still ends the busy state and says why (docs/decisions/046-playlists-pages.md).
 */
export function CreatePlaylistDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const create = async (name: string) => {
    try {
      await playlistApi.create(name);
    } catch (error) {
      toast({ title: 'Error', description: messageOf(error, 'Failed to create playlist'), variant: 'destructive' });
      return false;
    }
    void queryClient.invalidateQueries({ queryKey: playlistKeys.list, exact: true });
    toast({ title: 'Playlist created' });
    return true;
  };
  return (
    <NameDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Playlist"
      placeholder="My Awesome Playlist"
      submitLabel="Create"
      busyLabel="Creating..."
      onSubmit={create}
    />
  );
}
