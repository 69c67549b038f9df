import { type ButtonHTMLAttributes, type ReactNode, Suspense, lazy } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { Skeleton } from '../ui/skeleton.tsx';
import { iconGripVertical } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** What the sortable list hands each row's grip: dnd-kit's attributes, listeners and ref. */
export type HandleProps = ButtonHTMLAttributes<HTMLButtonElement> & { ref?: (element: HTMLElement | null) => void };

/** Renders one song of the list; `handle` is absent where dragging is not possible. */
export type RenderSongItem = (song: SongDto, index: number, handle?: HandleProps) => ReactNode;

/** dnd-kit weighs about 20 KiB gzipped: fetched when a playlist opens, never on first load. */
export const loadSortable = () => import('./sortable-song-list.tsx');
const SortableSongList = lazy(() =>
  loadSortable().then(
    (module) => ({ default: module.SortableSongList }),
    // Without the code (offline, a stale deploy) the songs still show and play, in order.
    () => ({ default: StillSongList }),
  ),
);

/**
 * A playlist's songs in order. Skeleton rows stand in while dnd-kit arrives (it was fetched
 * alongside the songs), so rows never remount under a finger or an open menu.
 */
export function PlaylistSongList(props: SongListProps) {
  const skeleton = (
    <div role="status" aria-label="Loading songs" className="grid gap-1">
      {props.songs.slice(0, 12).map((song) => (
        <Skeleton key={song.id} className="h-14 w-full" />
      ))}
    </div>
  );
  return (
    <Suspense fallback={skeleton}>
      <SortableSongList {...props} />
    </Suspense>
  );
}

export interface SongListProps {
  songs: SongDto[];
  renderItem: RenderSongItem;
  onReorder: (order: SongDto[]) => void;
}

function StillSongList({ songs, renderItem }: SongListProps) {
  return (
    <ul aria-label="Songs" data-count={songs.length} className="-mx-2 grid grid-cols-[minmax(0,1fr)]">
      {songs.map((song, index) => (
        <li key={song.id} className="relative">
          {renderItem(song, index)}
        </li>
      ))}
    </ul>
  );
}

/** The grip a row is dragged by (and focused to move it with the keyboard). */
export function DragHandle({ title, handle }: { title: string; handle: HandleProps | undefined }) {
  return (
    <button
      type="button"
      aria-label={`Move ${title}`}
      disabled={!handle}
      {...handle}
      // The browser must not scroll the page while a finger drags the grip.
      className="flex h-11 w-11 shrink-0 touch-none cursor-grab items-center justify-center rounded-md text-muted-foreground focusable active:cursor-grabbing disabled:cursor-default disabled:opacity-50"
    >
      <Icon svg={iconGripVertical} className="text-lg" />
    </button>
  );
}
