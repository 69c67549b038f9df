import { ADMIN_UPLOAD_EXTENSIONS } from '../../../src/shared/audio-formats.ts';
import { MAX_AUDIO_UPLOAD_BYTES } from '../../../src/shared/upload-limits.ts';

export interface Notice {
  title: string;
  description: string;
  variant?: 'default' | 'destructive';
}

/** The file picker's filter: the extensions the admins' upload panel accepts. */
export const AUDIO_ACCEPT = ADMIN_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** The file name without its extension, trimmed; '' when nothing is left. */
export function titleFromFileName(name: string): string {
  return name.replace(/\.[^.]*$/, '').trim(); // as the server's media/metadata.ts titleFromFilename
}

/** An empty title becomes the one derived from the file name, or 'Untitled'. */
export function finalTitle(title: string, fileName: string): string {
  return title.trim() || titleFromFileName(fileName) || 'Untitled';
}

/** A file refused before sending, with the notice that says why. */
export interface Refusal {
  file: File;
  notice: Notice;
}

/**
 * Splits one dropped or chosen batch: too large, not audio and repeated names are
 * refused with their notices, in that order of checks; the rest are accepted in order.
 */
export function screenBatch(files: readonly File[]): { accepted: File[]; refused: Refusal[] } {
  const accepted: File[] = [];
  const refused: Refusal[] = [];
  const names = new Set<string>();
  for (const file of files) {
    if (file.size > MAX_AUDIO_UPLOAD_BYTES) {
      refused.push({ file, notice: { title: 'File Too Large', description: `"${file.name}" exceeds the 100MB size limit`, variant: 'destructive' } });
    } else if (!ADMIN_UPLOAD_EXTENSIONS.includes(extensionOf(file.name))) {
      refused.push({ file, notice: { title: 'Invalid File Type', description: `"${file.name}" is not a supported audio format`, variant: 'destructive' } });
    } else if (names.has(file.name)) {
      refused.push({ file, notice: { title: 'Duplicate in batch', description: `Skipping duplicate file "${file.name}" from this upload batch` } });
    } else {
      names.add(file.name);
      accepted.push(file);
    }
  }
  return { accepted, refused };
}

/** The line a batch with refusals or failures ends on: what was saved and what was not. */
export function batchSummary(saved: number, rejected: number): string {
  return `${saved} ${saved === 1 ? 'song' : 'songs'} saved, ${rejected} ${rejected === 1 ? 'file' : 'files'} rejected`;
}
