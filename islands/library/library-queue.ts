import type { SongDto } from '../../src/shared/types.ts';
import { usePlayer } from '../player/player-store.ts';

/**
 * A row plays with the library loaded so far as its queue; as later pages arrive, a queue
 * still holding that list (same songs, same order) grows with them, so it runs on as before.
 */
export function growLibraryQueue(songs: SongDto[]): void {
  const { queue, context } = usePlayer.getState();
  if (context !== 'library' || songs.length <= queue.length || queue.length === 0) return;
  for (let i = 0; i < queue.length; i++) if (queue[i]!.id !== songs[i]!.id) return;
  usePlayer.setState({ queue: songs });
}
