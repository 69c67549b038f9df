import { type ReceivedFile, type ReceivedForm, receiveMultipart } from '../media/upload.ts';
import type { MediaStorage } from '../media/storage.ts';
import { BadRequestError } from '../src/errors.ts';

export const AUDIO_TOO_LARGE = 'The file exceeds the 100MB size limit';
export const IMAGE_TOO_LARGE = 'Images may be at most 10MB';

/** An admin's upload form, streamed into the storage's temporary folder and bounded in size. */
export function receiveUpload(storage: MediaStorage, request: Request, maxBytes: number, tooLargeMessage: string): Promise<ReceivedForm> {
  return receiveMultipart(request, { tempPath: storage.tempPath(), maxBytes, tooLargeMessage });
}

export function requireFile(file: ReceivedFile | null): ReceivedFile {
  if (!file) throw new BadRequestError('Choose a file to upload');
  return file;
}
