import { songDtoFromValues } from '../catalogue/dto.ts';
import type { PlayQueueDto } from '../../shared/schemas/play-queue.ts';
import type { SavedQueue } from './saved-queue.ts';

/** No queue saved: an empty one from the beginning of time, so any device's queue is newer. */
export const EMPTY_QUEUE: PlayQueueDto = { songIds: [], songs: [], index: 0, positionMs: 0, context: null, updatedAt: 0, device: '' };

/** The saved queue as `GET /api/play-queue` answers it. */
export function toPlayQueueDto(queue: SavedQueue | null): PlayQueueDto {
  if (!queue) return EMPTY_QUEUE;
  return {
    songIds: queue.songIds,
    songs: queue.songs.map(songDtoFromValues),
    index: queue.index,
    positionMs: queue.positionMs,
    context: queue.context,
    updatedAt: queue.updatedAt.getTime(),
    device: queue.device,
  };
}
