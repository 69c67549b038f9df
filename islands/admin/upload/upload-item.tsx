import { formatMegabytes } from '../../../src/shared/format.ts';
import { AppLink } from '../../app/app-link.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Input, Label } from '../../ui/input.tsx';
import { useUploadedHighlight } from '../music/uploaded-highlight.ts';
import type { RefusedFile, SameAudioSong, UploadItem } from './upload-queue.ts';
import { titleFromFileName } from './upload-rules.ts';
import { iconBan, iconCircleAlert, iconCircleCheck, iconCopy, iconCopyPlus, iconFileAudio, iconInfo, iconSkipForward, iconTrash2, iconX } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

const STATUS_TEXT: Record<UploadItem['status'], string> = { queued: 'Queued', uploading: 'Uploading', uploaded: 'Uploaded', error: 'Failed', duplicate: 'Already in your library' };

const ICONS: Record<UploadItem['status'], string> = {
  queued: iconFileAudio,
  uploading: iconFileAudio,
  uploaded: iconCircleCheck,
  error: iconCircleAlert,
  duplicate: iconCopy,
};

const LINK = 'rounded-sm font-medium text-accent-text underline-offset-4 hover:underline focusable';

/** Where the song with the same audio is: its row in Manage Songs (lit and scrolled to), or Deleted. */
function SameAudioLink({ song }: { song: SameAudioSong }) {
  if (song.inTrash) {
    return <AppLink href="/admin/deleted" className={LINK} data-testid="upload-duplicate-link">{song.title} (in Deleted)</AppLink>;
  }
  return (
    <a
      href={`#song-${song.songId}`}
      className={LINK}
      data-testid="upload-duplicate-link"
      onClick={(event) => {
        event.preventDefault();
        useUploadedHighlight.getState().highlight(song.songId);
      }}
    >
      {song.title}
    </a>
  );
}

/** A file refused before sending: its name, size and why, until the admin removes the row. */
export function RefusedRow({ row, onRemove }: { row: RefusedFile; onRemove: () => void }) {
  return (
    <li className="flex items-start gap-3 py-4 first:pt-0 last:pb-0" data-testid="upload-refused" data-file={row.name}>
      <span aria-hidden="true" className="mt-0.5 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-muted text-destructive-text">
        <Icon svg={iconBan} className="text-xl" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="truncate font-medium" title={row.name}>{row.name}</div>
        <div className="text-sm text-muted-foreground">
          <span className="tabular-nums">{formatMegabytes(row.size)}</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="upload-status" className="text-destructive-text">{row.reason}</span>
        </div>
      </div>
      <Button variant="ghost" size="icon" aria-label={`Remove ${row.name}`} onClick={onRemove}>
        <Icon svg={iconTrash2} />
      </Button>
    </li>
  );
}

/** One upload in the Edit Details list: status, a real progress bar, cancel, title and artist. */
export function UploadItemRow({ item, onEdit, onCancel, onRemove, onSkip, onAddCopy }: {
  item: UploadItem;
  onEdit: (changes: { title?: string; artist?: string }) => void;
  onCancel: () => void;
  onRemove: () => void;
  onSkip: () => void;
  onAddCopy: () => void;
}) {
  const name = item.file.name;
  const active = item.status === 'queued' || item.status === 'uploading';
  return (
    <li className="grid grid-cols-1 gap-3 py-4 first:pt-0 last:pb-0" data-testid="upload-item" data-status={item.status} data-file={name}>
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="mt-0.5 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-accent-soft text-accent-text">
          <Icon svg={ICONS[item.status]} className="text-xl" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="truncate font-medium" title={name}>{name}</div>
          <div className="flex flex-wrap gap-x-2 text-sm text-muted-foreground tabular-nums">
            <span>{formatMegabytes(item.file.size)}</span>
            <span aria-hidden="true">·</span>
            <span data-testid="upload-status" className={cn(item.status === 'error' && 'text-destructive-text', item.status === 'duplicate' && 'font-medium text-foreground')}>
              {item.status === 'error' ? (item.error ?? STATUS_TEXT.error) : STATUS_TEXT[item.status]}
            </span>
          </div>
        </div>
        {active ? (
          <Button variant="ghost" size="icon" aria-label={`Cancel upload of ${name}`} onClick={onCancel}>
            <Icon svg={iconX} />
          </Button>
        ) : item.status === 'error' ? (
          <Button variant="ghost" size="icon" aria-label={`Remove ${name}`} onClick={onRemove}>
            <Icon svg={iconTrash2} />
          </Button>
        ) : null}
      </div>
      {/* A duplicate was never stored: no progress to show. */}
      {item.status === 'duplicate' ? null : (
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
      )}
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
      ) : item.duplicate ? (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground" data-testid="upload-duplicate">
            The same audio is already the song <SameAudioLink song={item.duplicate} />.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" className="max-sm:flex-1" onClick={onSkip}>
              <Icon svg={iconSkipForward} />
              Skip
            </Button>
            <Button variant="secondary" size="sm" className="max-sm:flex-1" onClick={onAddCopy}>
              <Icon svg={iconCopyPlus} />
              Add a Copy
            </Button>
          </div>
        </div>
      ) : item.status === 'uploaded' ? (
        // Saved: what the song is called now (the tags' title unless it was edited here).
        <p className="truncate text-sm text-muted-foreground" data-testid="upload-saved">
          Saved as <span className="font-medium text-foreground">{item.title}</span>
          {item.artist.trim() ? ` by ${item.artist.trim()}` : ''}
        </p>
      ) : null}
      {item.status === 'uploaded' && item.notes.length > 0 ? (
        <ul className="grid gap-1 text-sm text-muted-foreground" aria-label={`Notes on ${name}`}>
          {item.notes.map((note) => (
            <li key={note} className="flex items-start gap-2" data-testid="upload-note">
              <Icon svg={iconInfo} className="mt-0.5 shrink-0" />
              <span className="min-w-0 break-words">{note}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
