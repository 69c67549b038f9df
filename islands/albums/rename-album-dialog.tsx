import { useQueryClient } from '@tanstack/react-query';
import type { AlbumDto } from '../../src/shared/types.ts';
import { albumApi } from '../lib/api/albums.ts';
import { NameDialog } from '../ui/name-dialog.tsx';
import { toast } from '../ui/toast-store.ts';
import { albumRenamed } from './album-cache.ts';
import { failureText } from './album-text.ts';

export interface RenameAlbumDialogProps {
  album: Pick<AlbumDto, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Rename Album' (admins): a Name field and its toasts; the dialog closes either way. */
export function RenameAlbumDialog({ album, open, onOpenChange }: RenameAlbumDialogProps) {
  const queryClient = useQueryClient();
  const rename = async (name: string) => {
    try {
      const renamed = await albumApi.rename(album.id, name);
      albumRenamed(queryClient, renamed);
      toast({ title: 'Album updated', description: 'The album has been renamed' });
    } catch (error) {
      toast({ title: 'Failed to rename album', description: failureText(error, "You don't have permission to rename this album"), variant: 'destructive' });
    }
    return true;
  };
  return (
    <NameDialog open={open} onOpenChange={onOpenChange} title="Rename Album" initialName={album.name} submitLabel="Save" busyLabel="Save" onSubmit={rename} />
  );
}
