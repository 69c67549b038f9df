import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PlaylistDto } from '../../src/shared/types.ts';
import { useRouter } from '../app/router.ts';
import { shareLinks, useCopyLink } from '../lib/copy-link.ts';
import { playlistApi, playlistKeys } from '../lib/api/playlists.ts';
import { AlertDialog, AlertDialogContent } from '../ui/alert-dialog.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, OptionsTrigger } from '../ui/dropdown-menu.tsx';
import { toast } from '../ui/toast-store.ts';
import { NameDialog } from '../ui/name-dialog.tsx';
import { CollectionOfflineItem } from '../offline/offline-menu-items.tsx';
import { messageOf } from '../lib/api/request.ts';
import { readLocal, writeLocal } from '../lib/local-setting.ts';
import { iconListPlus, iconPencil, iconShare2, iconTrash2 } from '../../src/shared/lucide-icons.ts';

/** Local settings: the last playlist opened. */
export const LAST_VIEWED_KEY = 'lastViewedPlaylist';

/**
 * The playlist's menu: Add Songs, Share (only with a shareId), Rename and Delete.
 * Shown to every viewer; the server refuses others' changes and its message shows.
 */
export function PlaylistMenu({ playlist, onAddSongs }: { playlist: PlaylistDto; onAddSongs: () => void }) {
  const id = String(playlist.id);
  const queryClient = useQueryClient();
  const { navigate } = useRouter();
  const { copied, copy } = useCopyLink();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [deleting, setDeleting] = useState(false);

  const rename = async (name: string) => {
    try {
      queryClient.setQueryData(playlistKeys.one(id), await playlistApi.rename(id, name));
    } catch (error) {
      // Closes like a failed album rename: a refusal is not worth another try.
      toast({ title: 'Failed to rename playlist', description: messageOf(error, 'An error occurred while renaming the playlist'), variant: 'destructive' });
      return true;
    }
    void queryClient.invalidateQueries({ queryKey: playlistKeys.list, exact: true });
    toast({ title: 'Playlist updated' });
    return true;
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await playlistApi.remove(id);
    } catch (error) {
      // A failed delete closes its confirmation.
      toast({ title: 'Failed to delete playlist', description: messageOf(error, 'An error occurred while deleting the playlist'), variant: 'destructive' });
      setDialog(null);
      return;
    } finally {
      setDeleting(false);
    }
    if (readLocal(LAST_VIEWED_KEY) === id) writeLocal(LAST_VIEWED_KEY, null);
    toast({ title: 'Playlist deleted', description: 'Moved to trash' });
    void queryClient.invalidateQueries({ queryKey: playlistKeys.list, exact: true });
    navigate('/playlists');
    queryClient.removeQueries({ queryKey: playlistKeys.one(id) });
  };

  return (
    <>
      <DropdownMenu>
        <OptionsTrigger label="Playlist options" copied={copied} />
        <DropdownMenuContent>
          <DropdownMenuItem icon={iconListPlus} onSelect={onAddSongs}>
            Add Songs
          </DropdownMenuItem>
          {playlist.shareId ? (
            <DropdownMenuItem icon={iconShare2} onSelect={() => void copy(shareLinks.playlist(playlist.shareId))}>
              Share
            </DropdownMenuItem>
          ) : null}
          <CollectionOfflineItem songsKey={playlistKeys.songs(id)} />
          <DropdownMenuItem icon={iconPencil} onSelect={() => setDialog('rename')}>
            Rename
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem icon={iconTrash2} destructive onSelect={() => setDialog('delete')}>
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <NameDialog
        open={dialog === 'rename'}
        onOpenChange={(open) => setDialog(open ? 'rename' : null)}
        title="Rename Playlist"
        description="Update your playlist name"
        placeholder="My Awesome Playlist"
        initialName={playlist.name}
        submitLabel="Save"
        busyLabel="Saving..."
        onSubmit={rename}
      />
      <AlertDialog open={dialog === 'delete'} onOpenChange={(open) => !deleting && setDialog(open ? 'delete' : null)}>
        <AlertDialogContent
          title="Delete Playlist?"
          description={`"${playlist.name}" will be moved to the trash.`}
          confirmLabel="Delete"
          busy={deleting}
          onConfirm={() => void remove()}
        />
      </AlertDialog>
    </>
  );
}
