import { useId, useState } from 'react';
import type { AlbumDto } from '../../../src/shared/types.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogFooter } from '../../ui/dialog.tsx';
import { Field, NativeSelect } from '../../ui/input.tsx';

interface AssignAlbumDialogProps {
  open: boolean;
  albums: AlbumDto[];
  /** "3 songs", for the description. */
  songs: string;
  onClose: () => void;
  onAssign: (album: AlbumDto) => void;
}

/** Bulk bar: choose the album the selected songs go into. */
export function AssignAlbumDialog({ open, albums, songs, onClose, onAssign }: AssignAlbumDialogProps) {
  const id = useId();
  const [albumId, setAlbumId] = useState('');
  const album = albums.find((a) => String(a.id) === albumId);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent title="Assign to Album" description={`Choose the album for ${songs}.`}>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (album) onAssign(album);
          }}
        >
          <Field label="Album" htmlFor={id}>
            <NativeSelect id={id} value={albumId} onChange={(event) => setAlbumId(event.target.value)}>
              <option value="" disabled>
                Choose an album
              </option>
              {albums.map((a) => (
                <option key={a.id} value={String(a.id)}>
                  {a.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!album}>
              Assign
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
