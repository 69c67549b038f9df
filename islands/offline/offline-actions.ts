import { toast } from '../ui/toast-store.ts';
import { type OfflineSong, makeAvailableOffline, removeFromDevice } from './offline-music.ts';

/**
 * What the menus do, with their toasts (texts: docs/decisions/079-music-kept-offline.md).
 * `what` names the subject: the song's title in quotes, or "12 songs".
 */
export async function keepOffline(songs: readonly OfflineSong[], what: string): Promise<void> {
  toast({ title: 'Saving for offline', description: what });
  // Albums and playlists take a while: the toast counts the songs as they land.
  const progress = songs.length > 1 ? (done: number, total: number) => void toast({ title: 'Saving for offline', description: `${done} of ${total} songs` }) : undefined;
  const result = await makeAvailableOffline(songs, progress).catch((error: unknown) => ({ stored: 0, failed: songs.length, error: String(error instanceof Error ? error.message : error) }));
  if (result.failed === 0) {
    toast({ title: 'Available offline', description: `${what} saved on this device` });
    return;
  }
  const saved = result.stored > 0 ? `${result.stored} of ${songs.length} songs saved. ` : '';
  toast({ title: 'Failed to make available offline', description: `${saved}${result.error ?? ''}`.trim(), variant: 'destructive' });
}

export async function removeKept(songs: readonly Pick<OfflineSong, 'audioUrl'>[], what: string): Promise<void> {
  try {
    await removeFromDevice(songs.map((song) => song.audioUrl));
    toast({ title: 'Removed from device', description: what });
  } catch (error) {
    toast({ title: 'Failed to remove from device', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
  }
}
