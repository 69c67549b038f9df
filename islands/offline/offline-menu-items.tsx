import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { DropdownMenuItem } from '../ui/dropdown-menu.tsx';
import { toast } from '../ui/toast-store.ts';
import { NO_CONNECTION, offlineSupported, useKeptCount, useKeptOffline } from './offline-cache.ts';
import { iconCircleArrowDown, iconCircleX } from '../../src/shared/lucide-icons.ts';

type Kept = Pick<SongDto, 'id' | 'title' | 'artist' | 'audioUrl' | 'artworkUrl' | 'fileSize'>;

type Actions = typeof import('./offline-actions.ts');

/** Storing and removing load on first use (not first-load JavaScript); offline that can fail. */
function run(failure: string, task: (actions: Actions) => Promise<void>) {
  import('./offline-actions.ts').then(task, () => toast({ title: failure, description: NO_CONNECTION, variant: 'destructive' }));
}
const KEEP_FAILED = 'Failed to make available offline';
const REMOVE_FAILED = 'Failed to remove from device';

/**
 * A song menu's 'Make available offline' / 'Remove from device'. Menus render only while
 * open (in the browser), so reading the secure-context check here never meets hydration.
 */
export function SongOfflineItem({ song }: { song: Kept }) {
  const kept = useKeptOffline(song.audioUrl);
  if (!offlineSupported()) return null;
  return kept ? (
    <DropdownMenuItem icon={iconCircleX} onSelect={() => run(REMOVE_FAILED, (a) => a.removeKept([song], `"${song.title}"`))}>
      Remove from device
    </DropdownMenuItem>
  ) : (
    <DropdownMenuItem icon={iconCircleArrowDown} onSelect={() => run(KEEP_FAILED, (a) => a.keepOffline([song], `"${song.title}"`))}>
      Make available offline
    </DropdownMenuItem>
  );
}

/**
 * An album's or a playlist's: stores the songs it holds now (songs added later are not
 * fetched by themselves); once all of them are on the device it offers removing them.
 * `songsKey` is the page's own song query: read from the cache, never fetched from here.
 */
export function CollectionOfflineItem({ songsKey }: { songsKey: QueryKey }) {
  const client = useQueryClient();
  // Watches the cache without observing the query: an observer would join its refetches.
  const subscribe = useCallback((change: () => void) => client.getQueryCache().subscribe(change), [client]);
  const list = useSyncExternalStore(subscribe, () => client.getQueryData<Kept[]>(songsKey)) ?? NONE;
  const keptCount = useKeptCount(list.map((song) => song.audioUrl));
  if (!offlineSupported()) return null;
  const all = list.length > 0 && keptCount === list.length;
  return all ? (
    <DropdownMenuItem icon={iconCircleX} onSelect={() => run(REMOVE_FAILED, (a) => a.removeKept(list, songCount(list.length)))}>
      Remove from device
    </DropdownMenuItem>
  ) : (
    <DropdownMenuItem icon={iconCircleArrowDown} disabled={list.length === 0} onSelect={() => run(KEEP_FAILED, (a) => a.keepOffline(list, songCount(list.length)))}>
      Make available offline
    </DropdownMenuItem>
  );
}

const NONE: Kept[] = [];

export const songCount = (count: number) => `${count} ${count === 1 ? 'song' : 'songs'}`;
