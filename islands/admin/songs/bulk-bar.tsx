import { useRef, useState } from 'react';
import type { AlbumDto } from '../../../src/shared/types.ts';
import { AlertDialog, AlertDialogContent } from '../../ui/alert-dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { useRaiseToastsAbove } from '../../ui/raise-toasts.ts';
import { AssignAlbumDialog } from './assign-album-dialog.tsx';
import { count } from './chunked-bulk.ts';
import type { BulkKind, BulkProgress } from './use-bulk-actions.ts';
import { iconX } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

interface BulkBarProps {
  selected: number;
  albums: AlbumDto[];
  progress: BulkProgress | null;
  report: string[];
  onDismissReport: () => void;
  onRun: (kind: BulkKind) => Promise<void>;
  onAssign: (album: AlbumDto) => Promise<void>;
  onClear: () => void;
}

/** Shown while songs are selected, sticky at the foot of the screen. */
export function BulkBar({ selected, albums, progress, report, onDismissReport, onRun, onAssign, onClear }: BulkBarProps) {
  const [confirming, setConfirming] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const busy = progress !== null;
  const songs = `${count(selected)} ${selected === 1 ? 'song' : 'songs'}`;
  const bar = useRef<HTMLDivElement>(null);
  useRaiseToastsAbove(bar);
  return (
    <div
      ref={bar}
      role="region"
      aria-label="Bulk actions"
      className="sticky bottom-[calc(var(--bottom-bars,0px)+0.75rem)] z-10 mt-3 grid gap-2 rounded-lg border border-border bg-surface p-3 shadow-lg"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm font-medium tabular-nums" data-testid="selected-count">
          {count(selected)} selected
        </p>
        <Button size="sm" disabled={busy} onClick={() => void onRun('publish')}>Publish</Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => void onRun('unpublish')}>Unpublish</Button>
        <Button size="sm" variant="secondary" disabled={busy || albums.length === 0} onClick={() => setAssigning(true)}>Assign to Album</Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => void onRun('explicit')}>Mark Explicit</Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => void onRun('clean')}>Not Explicit</Button>
        <Button size="sm" variant="destructive" disabled={busy} onClick={() => setConfirming(true)}>Delete</Button>
        <Button size="icon-sm" variant="ghost" aria-label="Clear selection" disabled={busy} onClick={onClear}>
          <Icon svg={iconX} />
        </Button>
      </div>
      {progress ? (
        <div role="status" className="grid gap-1">
          <p className="text-sm tabular-nums text-muted-foreground">{progress.text}</p>
          <progress className="h-2 w-full accent-[rgb(var(--accent))]" max={progress.total} value={progress.value} aria-label="Bulk progress" />
        </div>
      ) : null}
      {report.length > 0 ? (
        <div role="alert" className="flex items-start gap-2 rounded-md bg-destructive/10 p-2 text-sm text-destructive-text">
          <ul className="min-w-0 flex-1 break-words">
            {report.map((line) => <li key={line}>{line}</li>)}
          </ul>
          <Button size="icon-sm" variant="ghost" aria-label="Dismiss" onClick={onDismissReport}>
            <Icon svg={iconX} />
          </Button>
        </div>
      ) : null}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent
          title={`Delete ${songs}?`}
          description="They move to Deleted, where they can be restored for 7 days."
          confirmLabel="Delete"
          onConfirm={() => {
            setConfirming(false);
            void onRun('delete');
          }}
        />
      </AlertDialog>
      <AssignAlbumDialog
        open={assigning}
        albums={albums}
        songs={songs}
        onClose={() => setAssigning(false)}
        onAssign={(album) => {
          setAssigning(false);
          void onAssign(album);
        }}
      />
    </div>
  );
}
