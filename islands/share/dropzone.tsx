import { type DragEvent, useRef, useState } from 'react';
import { formatMegabytes } from '../../src/shared/format.ts';
import { toast } from '../toast/toast-store.ts';

/** Spec §5: one audio file of these kinds. */
export const SHARE_EXTENSIONS = ['mp3', 'wav', 'm4a', 'aac', 'ogg', 'flac'];
const ACCEPT = SHARE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

function acceptable(file: File): boolean {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (SHARE_EXTENSIONS.includes(ext)) return true;
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
      <div className="flex items-center gap-3 rounded-lg border border-stone-300 p-4 dark:border-stone-700">
        <span aria-hidden="true" className="text-2xl">♪</span>
        <div className="min-w-0 flex-1">
          <div className="truncate font-medium" data-testid="file-name">{file.name}</div>
          <div className="muted text-sm" data-testid="file-size">{formatMegabytes(file.size)}</div>
        </div>
        <button type="button" className="btn-ghost h-8 w-8 px-0" aria-label="Clear file" onClick={() => onChoose(null)}>
          ✕
        </button>
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
      className={`flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-8 text-center ${
        over ? 'border-orange-500 bg-orange-50 dark:bg-orange-950' : 'border-stone-300 dark:border-stone-700'
      }`}
    >
      <span aria-hidden="true" className="text-3xl">⇪</span>
      <span className="font-medium">Drag and drop an audio file here, or click to choose</span>
      <span className="muted text-xs">MP3, WAV, M4A, AAC, OGG or FLAC</span>
      <input ref={input} type="file" accept={ACCEPT} className="hidden" data-testid="file-input" onChange={(e) => take(e.target.files)} />
    </div>
  );
}
