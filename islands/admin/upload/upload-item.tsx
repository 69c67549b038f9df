import { formatMegabytes } from '../../../src/shared/format.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Input, Label } from '../../ui/input.tsx';
import type { UploadItem } from './upload-queue.ts';
import { titleFromFileName } from './upload-rules.ts';

const STATUS_TEXT: Record<UploadItem['status'], string> = { queued: 'Queued', uploading: 'Uploading', uploaded: 'Uploaded', error: 'Failed', duplicate: 'Already in your library' };

/** One upload in the Edit Details list: status, a real progress bar, cancel, title and artist. */
export function UploadItemRow({ item, onEdit, onCancel, onRemove }: {
  item: UploadItem;
  onEdit: (changes: { title?: string; artist?: string }) => void;
  onCancel: () => void;
  onRemove: () => void;
}) {
  const name = item.file.name;
  const active = item.status === 'queued' || item.status === 'uploading';
  return (
    <li className="grid grid-cols-1 gap-3 py-4 first:pt-0 last:pb-0" data-testid="upload-item" data-status={item.status} data-file={name}>
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="mt-0.5 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-accent-soft text-accent-text">
          <span className={cn('text-xl', item.status === 'uploaded' ? 'i-lucide-circle-check' : item.status === 'error' ? 'i-lucide-circle-alert' : 'i-lucide-file-audio')} />
        </span>
        <div className="min-w-0 flex-1">
          <div className="truncate font-medium" title={name}>{name}</div>
          <div className="flex flex-wrap gap-x-2 text-sm text-muted-foreground tabular-nums">
            <span>{formatMegabytes(item.file.size)}</span>
            <span aria-hidden="true">·</span>
            <span data-testid="upload-status" className={cn(item.status === 'error' && 'text-destructive-text')}>
              {item.status === 'error' ? (item.error ?? STATUS_TEXT.error) : STATUS_TEXT[item.status]}
            </span>
          </div>
        </div>
        {active ? (
          <Button variant="ghost" size="icon" aria-label={`Cancel upload of ${name}`} onClick={onCancel}>
            <span aria-hidden="true" className="i-lucide-x" />
          </Button>
        ) : item.status === 'error' ? (
          <Button variant="ghost" size="icon" aria-label={`Remove ${name}`} onClick={onRemove}>
            <span aria-hidden="true" className="i-lucide-trash-2" />
          </Button>
        ) : null}
      </div>
      <div className="flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={`Upload progress of ${name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={item.progress}
          className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full transition-[width] duration-200 ease-out motion-reduce:transition-none', item.status === 'error' ? 'bg-destructive' : 'bg-accent')}
            style={{ width: `${item.progress}%` }}
          />
        </div>
        <span className="w-11 text-right text-sm tabular-nums text-muted-foreground" data-testid="upload-percent">{item.progress}%</span>
      </div>
      {active ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`upload-title-${item.id}`}>Title</Label>
            <Input id={`upload-title-${item.id}`} value={item.title} placeholder={titleFromFileName(name) || 'Untitled'} onChange={(e) => onEdit({ title: e.target.value })} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`upload-artist-${item.id}`}>Artist</Label>
            <Input id={`upload-artist-${item.id}`} value={item.artist} placeholder="Optional" onChange={(e) => onEdit({ artist: e.target.value })} />
          </div>
        </div>
      ) : item.status === 'uploaded' ? (
        // Saved: what the song is called now (the tags' title unless it was edited here).
        <p className="truncate text-sm text-muted-foreground" data-testid="upload-saved">
          Saved as <span className="font-medium text-foreground">{item.title}</span>
          {item.artist.trim() ? ` by ${item.artist.trim()}` : ''}
        </p>
      ) : null}
    </li>
  );
}
