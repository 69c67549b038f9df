import { type DragEvent, useRef, useState } from 'react';
import { cn } from '../../ui/cn.ts';
import { AUDIO_ACCEPT } from './upload-rules.ts';
import { iconUpload } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

/** Drag and drop, click or Enter/Space to choose several audio files (docs/product.md, Upload Songs). */
export function UploadDropzone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };

  return (
    <div
      role="button"
      tabIndex={0}
      aria-label="Choose audio files to upload"
      onClick={() => input.current?.click()}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault(); // Space would scroll the page
        input.current?.click();
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="upload-dropzone"
      className={cn(
        'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors focusable',
        over ? 'border-accent bg-accent-soft' : 'border-input hover:border-accent/60 hover:bg-muted/50',
      )}
    >
      <Icon svg={iconUpload} className="text-3xl text-accent-text" />
      <span className="font-medium">Drag and drop audio files here, or click to choose</span>
      <span className="text-xs text-muted-foreground">MP3, WAV, M4A, FLAC, AAC, OGG or OPUS · up to 100 MB each</span>
      <input
        ref={input}
        type="file"
        multiple
        accept={AUDIO_ACCEPT}
        className="hidden"
        data-testid="upload-input"
        onClick={(event) => event.stopPropagation()} // the zone's own click would open it twice
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = ''; // choosing the same file again must fire change again
        }}
      />
    </div>
  );
}
