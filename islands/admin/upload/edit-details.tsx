import { useStore } from 'zustand';
import { Button } from '../../ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../ui/card.tsx';
import { canClear, uploadedCount } from './upload-queue.ts';
import { RefusedRow, UploadItemRow } from './upload-item.tsx';
import { uploadQueue } from './upload-store.ts';
import { iconInfo, iconListX } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

/** The Edit Details list of the queue's uploads and 'Clear N Uploaded Songs'. */
export function EditDetails() {
  const items = useStore(uploadQueue, (s) => s.items);
  const refused = useStore(uploadQueue, (s) => s.refused);
  const summary = useStore(uploadQueue, (s) => s.summary);
  if (items.length === 0 && refused.length === 0) return null;
  const { edit, cancel, remove, clearUploaded, skipDuplicate, addCopy, dismissRefused } = uploadQueue.getState();
  const count = uploadedCount(items);
  return (
    <Card className="grid grid-cols-1 gap-4 p-4 sm:p-6" aria-labelledby="edit-details-title" role="region">
      <div className="grid gap-1">
        <CardTitle id="edit-details-title">Edit Details</CardTitle>
        <CardDescription>Titles and artists are saved when each upload finishes.</CardDescription>
        {summary ? (
          <p role="status" data-testid="upload-summary" className="text-sm font-medium">
            <Icon svg={iconInfo} className="mr-1.5 align-[-2px] text-accent-text" />
            {summary}
          </p>
        ) : null}
      </div>
      <ul className="grid grid-cols-1 divide-y divide-border" aria-label="Uploads">
        {items.map((item) => (
          <UploadItemRow
            key={item.id}
            item={item}
            onEdit={(changes) => edit(item.id, changes)}
            onCancel={() => cancel(item.id)}
            onRemove={() => remove(item.id)}
            onSkip={() => skipDuplicate(item.id)}
            onAddCopy={() => addCopy(item.id)}
          />
        ))}
        {refused.map((row) => <RefusedRow key={row.id} row={row} onRemove={() => dismissRefused(row.id)} />)}
      </ul>
      <Button variant="outline" className="justify-self-start max-sm:w-full" disabled={!canClear(items)} onClick={clearUploaded}>
        <Icon svg={iconListX} />
        Clear {count} Uploaded {count === 1 ? 'Song' : 'Songs'}
      </Button>
    </Card>
  );
}
