import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AlbumDto } from '../../src/shared/types.ts';
import { albumApi } from '../lib/api/albums.ts';
import { AlertDialog, AlertDialogContent } from '../ui/alert-dialog.tsx';
import { toast } from '../ui/toast-store.ts';
import { albumDeleted } from './album-cache.ts';
import { failureText } from './album-text.ts';

export interface DeleteAlbumDialogProps {
  album: Pick<AlbumDto, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs after the album is in the trash (the page goes to /albums). */
  onDeleted: () => void;
}

/** 'Delete Album?' (admins) and its toasts. A failed delete closes the confirmation too. */
export function DeleteAlbumDialog({ album, open, onOpenChange, onDeleted }: DeleteAlbumDialogProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await albumApi.remove(album.id);
      onOpenChange(false);
      onDeleted();
      albumDeleted(queryClient, album.id);
      toast({ title: 'Album deleted', description: 'The album has been moved to trash' });
    } catch (error) {
      onOpenChange(false);
      toast({ title: 'Failed to delete album', description: failureText(error, "You don't have permission to delete this album"), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent
        title="Delete Album?"
        description={`"${album.name}" moves to the trash, where an admin can restore it for 7 days. Its songs stay in the library.`}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void confirm()}
      />
    </AlertDialog>
  );
}
