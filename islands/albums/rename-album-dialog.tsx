import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AlbumDto } from '../../src/shared/types.ts';
import { apiRequest } from '../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../ui/dialog.tsx';
import { Field, Input } from '../ui/input.tsx';
import { toast } from '../ui/toast-store.ts';
import { albumRenamed } from './album-cache.ts';
import { failureText } from './album-text.ts';

export interface RenameAlbumDialogProps {
  album: Pick<AlbumDto, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2 'Rename Album' (admins): a Name field; §8 toasts; the dialog closes either way. */
export function RenameAlbumDialog({ album, open, onOpenChange }: RenameAlbumDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* The form mounts with the dialog's content, so every opening starts from the current name. */}
      <DialogContent title="Rename Album" hideClose>
        <RenameForm album={album} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ album, onDone }: { album: RenameAlbumDialogProps['album']; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(album.name);
  const [busy, setBusy] = useState(false);
  // Spec §5: a blank name (after trimming) disables the submit, and Enter does nothing.
  const blank = name.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || busy) return;
    setBusy(true);
    try {
      const renamed = await apiRequest<AlbumDto>(`/api/albums/${album.id}`, { method: 'PATCH', body: { name: name.trim() } });
      albumRenamed(queryClient, renamed);
      toast({ title: 'Album updated', description: 'The album has been renamed' });
    } catch (error) {
      toast({ title: 'Failed to rename album', description: failureText(error, "You don't have permission to rename this album"), variant: 'destructive' });
    }
    onDone();
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <Field label="Name" htmlFor="album-name">
        <Input id="album-name" autoFocus autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" busy={busy} disabled={blank}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
