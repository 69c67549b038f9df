import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { Artwork } from '../ui/artwork.tsx';
import { SONG_ROW_HEIGHT } from '../songs/song-row.tsx';
import { iconCheck, iconLoaderCircle, iconPlus } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** A song is available (no entry), being added, or added (a check, then hidden). */
export type AddState = 'adding' | 'added';

interface AddSongsListProps {
  songs: SongDto[];
  /** The library's songs matching the search, the playlist's own included (the server's count). */
  total: number | null;
  states: ReadonlyMap<number, AddState>;
  onAdd: (song: SongDto) => void;
  /** The index of the last row rendered, so the dialog reads the next page in time. */
  onLastShown: (index: number) => void;
}

/** The dialog's songs, virtualised so thousands of them cost only the rows on screen. */
export function AddSongsList({ songs, total, states, onAdd, onLastShown }: AddSongsListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: songs.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => SONG_ROW_HEIGHT,
    getItemKey: (index) => songs[index]!.id,
    overscan: 6,
  });
  const last = virtualizer.getVirtualItems().at(-1)?.index ?? 0;
  useEffect(() => onLastShown(last), [last, onLastShown]);
  return (
    <div ref={scrollRef} className="-mx-2 h-full overflow-y-auto overscroll-contain px-2">
      <ul aria-label="Available songs" data-count={songs.length} data-total={total ?? undefined} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const song = songs[row.index]!;
          return (
            <li key={row.key} className="absolute inset-x-0" style={{ height: SONG_ROW_HEIGHT, transform: `translateY(${row.start}px)` }}>
              <AddSongRow song={song} state={states.get(song.id)} onAdd={onAdd} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function AddSongRow({ song, state, onAdd }: { song: SongDto; state: AddState | undefined; onAdd: (song: SongDto) => void }) {
  const label = state === 'adding' ? `Adding ${song.title}` : state === 'added' ? `Added ${song.title}` : `Add ${song.title}`;
  return (
    <button
      type="button"
      aria-label={label}
      data-state={state ?? 'available'}
      // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
      aria-disabled={state !== undefined || undefined}
      onClick={() => state === undefined && onAdd(song)}
      className="flex h-full w-full items-center gap-3 rounded-md px-2 text-left hover:bg-muted focusable aria-disabled:cursor-default aria-disabled:hover:bg-transparent"
    >
      <Artwork url={song.artworkUrl} className="h-11 w-11 text-lg" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{song.title}</span>
        {song.artist ? <span className="block truncate text-sm text-muted-foreground">{song.artist}</span> : null}
      </span>
      <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-lg">
        {state === 'adding' ? (
          <Icon svg={iconLoaderCircle} className="animate-spin text-muted-foreground" />
        ) : state === 'added' ? (
          <Icon svg={iconCheck} className="text-accent-text" />
        ) : (
          <Icon svg={iconPlus} className="text-muted-foreground" />
        )}
      </span>
    </button>
  );
}
