import { useState } from 'react';
import { AlertDialog, AlertDialogContent } from '../../ui/alert-dialog.tsx';
import { Button } from '../../ui/button.tsx';
import type { TrashItem } from './trash-items.ts';
import { useTrashWrites } from './trash-writes.ts';
import { iconTrash2 } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Delete All, after a confirmation: every item listed under the current filter, for good. */
export function DeleteAllButton({ entries, songsOnly }: { entries: readonly TrashItem[]; songsOnly: boolean }) {
  const { deleteAll } = useTrashWrites();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const busy = done !== null;
  const what = songsOnly ? count(entries.length, 'deleted song', 'deleted songs') : count(entries.length, 'deleted item', 'deleted items');

  const confirm = async () => {
    setDone(0);
    await deleteAll(entries, setDone);
    // Closed whatever the outcome (failed deletes close their confirmation).
    setConfirming(false);
    setDone(null);
  };

  return (
    <>
      <Button variant="destructive" disabled={entries.length === 0} onClick={() => setConfirming(true)}>
        <Icon svg={iconTrash2} className="text-base" />
        Delete All
      </Button>
      <AlertDialog open={confirming} onOpenChange={(open) => !busy && setConfirming(open)}>
        <AlertDialogContent
          title="Delete All?"
          description={busy ? `Deleting ${done.toLocaleString('en-US')} of ${entries.length.toLocaleString('en-US')}…` : `The ${what} listed will be deleted for good. This cannot be undone.`}
          confirmLabel="Delete All"
          busy={busy}
          onConfirm={() => void confirm()}
        />
      </AlertDialog>
    </>
  );
}
