import type { PlayQueueSave } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/** The signed-in person's play queue, shared by their devices and the Subsonic apps. */
export const playQueuePath = '/api/play-queue';

export const playQueueApi = {
  get: () => apiRequest(playQueuePath, { expect: 'playQueue' }),
  /**
   * Saves the queue; a 409 (a newer one is saved) rejects with an ApiError. `keepalive` lets the
   * request finish after the page is gone (pagehide): a same-origin PUT, so the origin check holds.
   */
  put: (queue: PlayQueueSave, keepalive = false) => apiRequest(playQueuePath, { method: 'PUT', body: queue, keepalive }),
};
