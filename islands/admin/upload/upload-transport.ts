import type { SongStatus } from '../../../src/shared/enums.ts';
import type { DuplicateAudioDto, UploadedSongDto } from '../../../src/shared/types.ts';
import { songPaths } from '../../lib/api/song-paths.ts';
import { uploadPaths } from '../../lib/api/uploads.ts';

/** What the queue reads from POST /api/upload/audio (id, title, duration, audioUrl, notes). */
export type UploadedSong = Pick<UploadedSongDto, 'id' | 'title' | 'duration' | 'audioUrl' | 'artworkUrl' | 'notes'>;

/** A failed upload with the text docs/product.md gives it; `cancelled` when the admin aborted it. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly cancelled = false,
  ) {
    super(message);
  }
}

/** The server's 409: these bytes are already a song (`song` says which), and no copy was asked for. */
export class DuplicateUploadError extends UploadError {
  constructor(readonly song: Pick<DuplicateAudioDto, 'songId' | 'title' | 'inTrash'>) {
    super('Already in your library');
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
  if (status === 409 && typeof record.songId === 'number') {
    throw new DuplicateUploadError({ songId: record.songId, title: typeof record.title === 'string' ? record.title : '', inTrash: record.inTrash === true });
  }
  if (!ok) throw new UploadError(typeof record.error === 'string' && record.error ? record.error : 'Upload failed');
  if (typeof record.id !== 'number' || typeof record.audioUrl !== 'string') throw new UploadError('Invalid server response');
  return record as unknown as UploadedSong;
}

/**
 * Sends one audio file with XMLHttpRequest, because fetch reports no upload progress:
 * `onProgress` gets the fraction of the request body sent. The signal aborts it. With `copy`
 * the server adds the song even when the same audio is already one.
 */
export function sendAudio(file: File, status: SongStatus, onProgress: (fraction: number) => void, signal: AbortSignal, copy = false): Promise<UploadedSong> {
  const form = new FormData();
  form.set('status', status);
  if (copy) form.set('copy', 'true');
  form.set('file', file, file.name);
  return sendForm('POST', uploadPaths.audio, form, onProgress, signal);
}

/** 'Already Uploaded' → Replace of a saved upload: the file becomes that song's audio. */
export function sendReplacement(songId: number, file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadedSong> {
  const form = new FormData();
  form.set('file', file, file.name);
  return sendForm('PATCH', songPaths.audio(songId), form, onProgress, signal);
}

function sendForm(method: 'POST' | 'PATCH', url: string, form: FormData, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadedSong> {
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
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.send(form);
  });
}
