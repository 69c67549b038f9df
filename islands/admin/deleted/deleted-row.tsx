import { useState } from 'react';
import { AlertDialog, AlertDialogContent } from '../../ui/alert-dialog.tsx';
import { Artwork } from '../../ui/artwork.tsx';
import { Button } from '../../ui/button.tsx';
import { type TrashItem, itemName, itemSubtitle } from './trash-items.ts';
import { useTrashWrites } from './trash-writes.ts';
import { iconTrash2, iconUndo2 } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

const forgetText = (entry: TrashItem) =>
  entry.kind === 'songs'
    ? `"${itemName(entry)}" and its audio file will be deleted for good. This cannot be undone.`
    : `"${itemName(entry)}" will be deleted for good; its songs stay in the library. This cannot be undone.`;

/** One deleted song or album: what it is, the days left, Restore and Delete Forever. */
export function DeletedRow({ entry }: { entry: TrashItem }) {
  const { restore, deleteForever } = useTrashWrites();
  const [busy, setBusy] = useState<'restore' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = itemName(entry);

  const run = async (action: 'restore' | 'delete') => {
    setBusy(action);
    await (action === 'restore' ? restore(entry) : deleteForever(entry));
    // A failed delete closes its confirmation too.
    setConfirming(false);
    setBusy(null);
  };

  return (
    <li className="flex min-h-16 items-center gap-3 py-2">
      <Artwork url={entry.item.artworkUrl} className="h-10 w-10" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{name}</p>
        <p className="truncate text-sm text-muted-foreground">{itemSubtitle(entry)}</p>
      </div>
      <Button variant="ghost" aria-label={`Restore ${name}`} className="shrink-0 px-3" busy={busy === 'restore'} disabled={busy !== null} onClick={() => void run('restore')}>
        {busy === 'restore' ? null : <Icon svg={iconUndo2} className="text-xl" />}
        <span className="hidden sm:inline">Restore</span>
      </Button>
      <Button variant="ghost" aria-label={`Delete Forever ${name}`} className="shrink-0 px-3 text-destructive-text" disabled={busy !== null} onClick={() => setConfirming(true)}>
        <Icon svg={iconTrash2} className="text-xl" />
        <span className="hidden sm:inline">Delete Forever</span>
      </Button>
      <AlertDialog open={confirming} onOpenChange={(open) => busy === null && setConfirming(open)}>
        <AlertDialogContent title="Delete Forever?" description={forgetText(entry)} confirmLabel="Delete Forever" busy={busy === 'delete'} onConfirm={() => void run('delete')} />
      </AlertDialog>
    </li>
  );
}
