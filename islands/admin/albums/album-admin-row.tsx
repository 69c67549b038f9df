import { type FormEvent, useState } from 'react';
import type { AlbumDto } from '../../../src/shared/types.ts';
import { AlertDialog, AlertDialogContent } from '../../ui/alert-dialog.tsx';
import { Artwork } from '../../ui/artwork.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Input } from '../../ui/input.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';
import { useAlbumWrites } from './album-writes.ts';
import { iconCheck, iconPencil, iconTrash2, iconX } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

function IconButton({ label, icon, className, ...rest }: { label: string; icon: string } & React.ComponentProps<typeof Button>) {
  return (
    <Tooltip content={label}>
      <Button variant="ghost" size="icon" aria-label={label} className={cn('shrink-0', className)} {...rest}>
        <Icon svg={icon} className="text-xl" />
      </Button>
    </Tooltip>
  );
}

/** Inline rename (the Edit action): the name in an input, Save (blank disabled) and Cancel. */
function RenameForm({ album, onDone }: { album: AlbumDto; onDone: () => void }) {
  const { rename } = useAlbumWrites();
  const [name, setName] = useState(album.name);
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || busy) return;
    if (trimmed === album.name) return onDone();
    setBusy(true);
    // A refused name (taken, say) keeps the form open to correct it.
    const saved = await rename(album.id, trimmed);
    setBusy(false);
    if (saved) onDone();
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex min-w-0 flex-1 items-center gap-1">
      <Input
        aria-label={`New name for ${album.name}`}
        autoFocus
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onDone()}
      />
      <IconButton type="submit" label="Save" icon={iconCheck} disabled={!trimmed} busy={busy} />
      <IconButton label="Cancel" icon={iconX} disabled={busy} onClick={onDone} />
    </form>
  );
}

/** One album of the Albums tab: artwork, name, Edit (inline) and Delete (after 'Delete Album?'). */
export function AlbumAdminRow({ album }: { album: AlbumDto }) {
  const { remove } = useAlbumWrites();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    setBusy(true);
    await remove(album.id);
    // A failed delete closes its confirmation too.
    setBusy(false);
    setConfirming(false);
  };

  return (
    <li className="flex min-h-16 items-center gap-3 py-2">
      <Artwork url={album.artworkUrl} className="h-10 w-10" />
      {editing ? (
        <RenameForm album={album} onDone={() => setEditing(false)} />
      ) : (
        <>
          <span className="min-w-0 flex-1 truncate font-medium">{album.name}</span>
          <IconButton label={`Edit ${album.name}`} icon={iconPencil} onClick={() => setEditing(true)} />
          <IconButton label={`Delete ${album.name}`} icon={iconTrash2} className="text-destructive-text" onClick={() => setConfirming(true)} />
        </>
      )}
      <AlertDialog open={confirming} onOpenChange={(open) => !busy && setConfirming(open)}>
        <AlertDialogContent
          title="Delete Album?"
          description={`"${album.name}" moves to Deleted, where it can be restored for 7 days. Its songs stay in the library.`}
          confirmLabel="Delete"
          busy={busy}
          onConfirm={() => void confirmDelete()}
        />
      </AlertDialog>
    </li>
  );
}
