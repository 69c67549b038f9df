import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AlbumDto, DisplayPreference } from '../../../src/shared/types.ts';
import { songSubtitle } from '../../library/library-view.tsx';
import { useCurrentTrack, usePlayer } from '../../player/player-store.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useAdminRows } from './admin-rows.ts';
import { ManageRow } from './manage-row.tsx';
import { SongPanel } from './song-panel.tsx';

/**
 * A collapsed row exactly: 60 px, its 1 px borders and the 4 px gap below. Expanded rows are
 * measured; a collapsed row measuring otherwise would make every newly shown row recompute
 * the offsets of all rows after it (O(n) per frame while scrolling 50,000 songs).
 */
export const ROW_ESTIMATE = 66;

/**
 * The list's distance from the top of the document, kept current while what sits above it
 * (the upload card and its queue) grows or shrinks, so the window virtualizer stays aligned.
 */
function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => ref.current && setTop(Math.round(ref.current.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}

/** A row not read yet: a collapsed row's shape at its exact height (see ROW_ESTIMATE). */
function RowPlaceholder() {
  return (
    <div aria-hidden="true" data-testid="manage-row-placeholder" className="flex h-[62px] items-center pl-3">
      <Skeleton className="h-5 w-5" />
      <Skeleton className="ml-5 h-10 w-10" />
      <Skeleton className="ml-3 h-4 w-2/5" />
    </div>
  );
}

interface ManageListProps {
  /** The list's songs in its order; their rows are read as they come near the screen. */
  ids: readonly number[];
  albums: AlbumDto[];
  preference: DisplayPreference;
  selected: ReadonlySet<number>;
  expanded: ReadonlySet<number>;
  highlighted: readonly number[];
  onSelect: (id: number) => void;
  onExpand: (id: number) => void;
}

/** Manage Songs' rows, virtualised on the window's scroll (100,000 songs stay smooth). */
export function ManageList({ ids, albums, preference, selected, expanded, highlighted, onSelect, onExpand }: ManageListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useDocumentTop(listRef);
  const virtualizer = useWindowVirtualizer({
    count: ids.length,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 3,
    scrollMargin,
    getItemKey: (index) => ids[index]!,
    // A row is never 0 px tall; an element not laid out (yet) keeps the estimate.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || ROW_ESTIMATE,
  });
  const items = virtualizer.getVirtualItems();
  const rows = useAdminRows(ids, items[0]?.index ?? 0, items.at(-1)?.index ?? 0);
  const currentId = useCurrentTrack()?.id;
  // Play queues the rows read around the one played, in the list's order.
  const loaded = useRef({ ids, rows });
  loaded.current = { ids, rows };
  const play = useCallback((id: number) => {
    const queue = loaded.current.ids.flatMap((songId) => loaded.current.rows.get(songId) ?? []);
    usePlayer.getState().start(queue, queue.findIndex((song) => song.id === id), 'library');
  }, []);

  // A newly highlighted upload is scrolled into view once it is in the list.
  const scrolledTo = useRef(new Set<number>());
  const newest = highlighted.at(-1);
  useEffect(() => {
    if (newest === undefined || scrolledTo.current.has(newest)) return;
    const index = ids.indexOf(newest);
    if (index < 0) return;
    scrolledTo.current.add(newest);
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [newest, ids, virtualizer]);

  const lit = new Set(highlighted);
  return (
    <ul ref={listRef} aria-label="Manage songs" data-count={ids.length} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const song = rows.get(ids[item.index]!);
        const open = song !== undefined && expanded.has(song.id);
        return (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute inset-x-0 top-0 pb-1"
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            {song === undefined ? (
              <RowPlaceholder />
            ) : (
              <ManageRow
                song={song}
                subtitle={songSubtitle(song, preference)}
                selected={selected.has(song.id)}
                expanded={open}
                highlighted={lit.has(song.id)}
                current={song.id === currentId}
                onSelect={onSelect}
                onExpand={onExpand}
                onPlay={play}
              >
                {open ? <SongPanel song={song} albums={albums} /> : null}
              </ManageRow>
            )}
          </li>
        );
      })}
    </ul>
  );
}
