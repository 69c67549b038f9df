import { ApiError } from '../../lib/api/request.ts';
import { songApi } from '../../lib/api/songs.ts';
import { toast } from '../../ui/toast-store.ts';
import { useUploadedHighlight } from '../music/uploaded-highlight.ts';
import { createUploadQueue } from './upload-queue.ts';
import { sendAudio, sendReplacement } from './upload-transport.ts';

let onSaved = () => {};

/**
 * Connects the queue to the page's query client. Never undone: the queue outlives the panel
 * (an upload goes on when the admin switches tab), and a page has one query client.
 */
export function whenSongsSaved(refresh: () => void): void {
  onSaved = refresh;
}

/** The page's one upload queue, on the browser's XMLHttpRequest. */
export const uploadQueue = createUploadQueue({
  send: sendAudio,
  replace: sendReplacement,
  async update(songId, changes) {
    try {
      await songApi.update(songId, changes);
    } catch (error) {
      // The server's words when it answered; the product's text when the request never got there.
      throw new Error(error instanceof ApiError ? error.message : 'Failed to update song');
    }
  },
  saved: () => onSaved(),
  highlight: (songId) => useUploadedHighlight.getState().highlight(songId),
  notify: (notice) => toast(notice),
});
