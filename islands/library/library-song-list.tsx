import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { DisplayPreference, SongDto } from '../../src/shared/types.ts';
import { useCurrentTrack, usePlayer } from '../player/player-store.ts';
import { AddToPlaylistSlot } from '../playlists/add-to-playlist-slot.tsx';
import { SongMenu } from '../songs/song-menu.tsx';
import { SONG_ROW_HEIGHT, SongRow } from '../songs/song-row.tsx';
import { Button } from '../ui/button.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { growLibraryQueue } from './library-queue.ts';
import { songSubtitle } from './library-view.tsx';
import { usePlayParam } from './use-play-param.ts';

/** Rows past the last one on screen that should already be loaded when it shows. */
const LOOKAHEAD = 300;

/** The next page of the library: whether one is on its way or failed, and how to ask for it. */
export interface MoreSongs {
  loading: boolean;
  failed: boolean;
  load: () => void;
}

/**
 * The library's songs, virtualised over the whole library's length (`count`): rows not loaded
 * yet are placeholders, and pages load in order while the rows on screen come near them.
 */
export function LibrarySongList({ songs, count, more, preference, shelfSize }: { songs: SongDto[]; count: number; more: MoreSongs; preference: DisplayPreference; shelfSize: number }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  // The shelf above arrives on its own: the list's distance from the page top moves with it.
  useLayoutEffect(() => setOffset(listRef.current?.offsetTop ?? 0), [shelfSize]);
  const virtualizer = useWindowVirtualizer({ count, estimateSize: () => SONG_ROW_HEIGHT, overscan: 8, scrollMargin: offset });
  const start = usePlayer((s) => s.start);
  const currentId = useCurrentTrack()?.id;
  const [adding, setAdding] = useState<SongDto | null>(null);
  const rows = virtualizer.getVirtualItems();
  const lastOnScreen = rows.at(-1)?.index ?? 0;
  // The first placeholder on screen says what is happening (loading, or failed with a retry)
  // (rows include a few above the screen: the status row is the first whose top is in view).
  const top = virtualizer.scrollOffset ?? 0;
  const statusRow = (rows.find((row) => row.index >= songs.length && row.start >= top) ?? rows.find((row) => row.index >= songs.length))?.index;
  const wantMore = songs.length < count && lastOnScreen + LOOKAHEAD >= songs.length;
  useEffect(() => {
    if (wantMore && !more.loading && !more.failed) more.load();
  }, [wantMore, more.loading, more.failed, songs.length]);
  useEffect(() => growLibraryQueue(songs), [songs]);
  usePlayParam(songs, songs.length < count ? more : null, (index) => virtualizer.scrollToIndex(index, { align: 'center' }));
  return (
    <>
      <ul ref={listRef} aria-label="Songs" data-count={count} className="relative -mx-2" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const song = songs[row.index];
          const style = { height: SONG_ROW_HEIGHT, transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` };
          if (!song) {
            return (
              <li key={`more-${row.index}`} className="absolute inset-x-0" style={style}>
                {row.index === statusRow ? <NextRows more={more} /> : <PlaceholderRow />}
              </li>
            );
          }
          return (
            <li key={song.id} className="absolute inset-x-0" style={style}>
              <SongRow
                song={song}
                subtitle={songSubtitle(song, preference)}
                current={song.id === currentId}
                onPlay={() => start(songs, row.index, 'library')}
                trailing={<SongMenu song={song} onAddToPlaylist={() => setAdding(song)} />}
              />
            </li>
          );
        })}
      </ul>
      <AddToPlaylistSlot song={adding} onClose={() => setAdding(null)} />
    </>
  );
}

function PlaceholderRow({ children }: { children?: React.ReactNode }) {
  return (
    <div className="flex h-full items-center gap-3 px-2">
      <Skeleton className="h-11 w-11 shrink-0" />
      {children ?? <Skeleton className="h-4 max-w-64 flex-1" />}
    </div>
  );
}

/** The first row on screen not loaded yet: says the next songs are loading, or offers to try again. */
function NextRows({ more }: { more: MoreSongs }) {
  // A retry of a failed page is loading again: the spinner, not the old failure.
  if (more.loading || !more.failed) {
    return (
      <PlaceholderRow>
        <span className="flex flex-1 items-center gap-2 text-sm text-muted-foreground">
          <Spinner label="Loading more songs" />
          <Skeleton className="h-4 max-w-64 flex-1" />
        </span>
      </PlaceholderRow>
    );
  }
  return (
    <PlaceholderRow>
      <span className="flex flex-1 items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">Failed to load songs</span>
        <Button variant="outline" size="sm" onClick={more.load}>
          Try Again
        </Button>
      </span>
    </PlaceholderRow>
  );
}
