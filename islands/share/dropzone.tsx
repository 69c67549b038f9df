import { type DragEvent, useRef, useState } from 'react';
import { SHARE_PAGE_EXTENSIONS } from '../../src/shared/audio-formats.ts';
import { formatMegabytes } from '../../src/shared/format.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { toast } from '../ui/toast-store.ts';
import { iconFileAudio, iconUpload, iconX } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

// One audio file of the kinds the share page offers.
const ACCEPT = SHARE_PAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

function acceptable(file: File): boolean {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (SHARE_PAGE_EXTENSIONS.includes(ext)) return true;
  toast({ title: 'Invalid File Type', description: `"${file.name}" is not a supported audio format`, variant: 'destructive' });
  return false;
}

/** Drag and drop or click to choose one file; once chosen, its name, size in MB and a clear button. */
export function Dropzone({ file, onChoose }: { file: File | null; onChoose: (file: File | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (files: FileList | null) => {
    const chosen = files?.[0];
    if (chosen && acceptable(chosen)) onChoose(chosen);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };

  if (file) {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-border bg-muted/50 p-3">
        <span aria-hidden="true" className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md bg-accent-soft text-accent-text">
          <Icon svg={iconFileAudio} className="text-xl" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="truncate font-medium" data-testid="file-name">{file.name}</div>
          <div className="text-sm text-muted-foreground" data-testid="file-size">{formatMegabytes(file.size)}</div>
        </div>
        <Button variant="ghost" size="icon" aria-label="Clear file" onClick={() => onChoose(null)}>
          <Icon svg={iconX} className="text-lg" />
        </Button>
      </div>
    );
  }
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label="Choose an audio file"
      onClick={() => input.current?.click()}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && input.current?.click()}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors focusable',
        over ? 'border-accent bg-accent-soft' : 'border-input hover:border-accent/60 hover:bg-muted/50',
      )}
    >
      <Icon svg={iconUpload} className="text-3xl text-accent-text" />
      <span className="font-medium">Drag and drop an audio file here, or click to choose</span>
      <span className="text-xs text-muted-foreground">MP3, WAV, M4A, AAC, OGG or FLAC</span>
      <input ref={input} type="file" accept={ACCEPT} className="hidden" data-testid="file-input" onChange={(e) => take(e.target.files)} />
    </div>
  );
}
