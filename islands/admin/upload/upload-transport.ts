import type { SongStatus } from '../../../src/shared/enums.ts';
import type { SongDto } from '../../../src/shared/types.ts';
import { uploadPaths } from '../../lib/api/uploads.ts';

/** What the queue reads from POST /api/upload/audio (id, title, duration, audioUrl). */
export type UploadedSong = Pick<SongDto, 'id' | 'title' | 'duration' | 'audioUrl' | 'artworkUrl'>;

/** A failed upload with the text docs/product.md gives it; `cancelled` when the admin aborted it. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly cancelled = false,
  ) {
    super(message);
  }
}

export const UPLOAD_CANCELLED = 'Upload cancelled';
export const NETWORK_ERROR = 'Network error - please check your connection';

/**
 * The product's admin upload texts, each for its cause: the JSON `error` field; 'Upload failed' for
 * JSON without one; 'Upload failed (status)' for an empty body; 'Invalid server response' for a
 * body that is not JSON, or a success without a song.
 */
export function readUploadResponse(status: number, body: string): UploadedSong {
  const ok = status >= 200 && status < 300;
  if (!ok && body.trim() === '') throw new UploadError(`Upload failed (${status})`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new UploadError('Invalid server response');
  }
  const record = (parsed ?? {}) as Record<string, unknown>;
  if (!ok) throw new UploadError(typeof record.error === 'string' && record.error ? record.error : 'Upload failed');
  if (typeof record.id !== 'number' || typeof record.audioUrl !== 'string') throw new UploadError('Invalid server response');
  return record as unknown as UploadedSong;
}

/**
 * Sends one audio file with XMLHttpRequest, because fetch reports no upload progress:
 * `onProgress` gets the fraction of the request body sent. The signal aborts it.
 */
export function sendAudio(file: File, status: SongStatus, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadedSong> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new UploadError(UPLOAD_CANCELLED, true));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      settle();
      try {
        resolve(readUploadResponse(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadError(NETWORK_ERROR));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadError(UPLOAD_CANCELLED, true));
    };
    const form = new FormData();
    form.set('status', status);
    form.set('file', file, file.name);
    xhr.open('POST', uploadPaths.audio);
    xhr.withCredentials = true;
    xhr.send(form);
  });
}
