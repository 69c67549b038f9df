import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { joinWithBullet } from '../../src/shared/format.ts';
import type { DisplayPreference, SongDto } from '../../src/shared/types.ts';
import { AppLink } from '../app/app-link.tsx';
import { buttonClass } from '../ui/button-styles.ts';
import { SearchLink } from '../app/back-button.tsx';
import { PageHeader } from '../app/page-header.tsx';
import type { ViewProps } from '../app/views.tsx';
import { useContinueListening } from '../lib/api/bookmarks.ts';
import { useLibrarySongs } from '../lib/api/songs.ts';
import { useCurrentTrack, usePlayer } from '../player/player-store.ts';
import { Button } from '../ui/button.tsx';
import { Message } from '../ui/message.tsx';
import { PageSpinner } from '../ui/spinner.tsx';
import { Tooltip } from '../ui/tooltip.tsx';
import { AddToPlaylistSlot } from '../playlists/add-to-playlist-slot.tsx';
import { SongMenu } from '../songs/song-menu.tsx';
import { SONG_ROW_HEIGHT, SongRow } from '../songs/song-row.tsx';
import { ContinueShelf } from './continue-shelf.tsx';
import { DisplayMenu } from './display-menu.tsx';
import { usePlayParam } from './use-play-param.ts';

/** The subtitle under each song follows the user's displayPreference. */
export function songSubtitle(song: SongDto, preference: DisplayPreference): string {
  if (preference === 'artist') return song.artist ?? '';
  if (preference === 'album') return song.albumName ?? '';
  if (preference === 'artist-album') return joinWithBullet(song.artist, song.albumName);
  return '';
}

/** `/` signed in: heading, search link, theme toggle, and every song by title (virtualised). */
export function LibraryView({ user }: ViewProps) {
  const songs = useLibrarySongs();
  const shelf = useContinueListening();
  return (
    <div className="grid gap-4">
      <PageHeader
        title="Library"
        actions={
          <>
            <Tooltip content="Search">
              <SearchLink />
            </Tooltip>
            <DisplayMenu value={user.displayPreference} />
          </>
        }
      />
      <YourMusic />
      <ContinueShelf bookmarks={shelf.data} />
      {songs.isPending ? (
        <PageSpinner label="Loading songs" />
      ) : songs.isError ? (
        <Message icon="i-lucide-circle-alert" heading="Failed to load songs">
          <p className="text-sm text-muted-foreground">{songs.error.message}</p>
          <Button variant="outline" busy={songs.isFetching} onClick={() => void songs.refetch()}>
            Try Again
          </Button>
        </Message>
      ) : songs.data.length === 0 ? (
        <Message icon="i-lucide-music" heading="No tracks yet" />
      ) : (
        <SongList songs={songs.data} preference={user.displayPreference} shelfSize={shelf.data?.length ?? 0} />
      )}
    </div>
  );
}

/** Favourites and recent plays, one tap from the library (the product's navigation stays as it is). */
function YourMusic() {
  const chip = buttonClass({ variant: 'outline', size: 'sm', className: 'rounded-full' });
  return (
    <nav aria-label="Your music" className="-mt-1 flex flex-wrap gap-2">
      <AppLink href="/favourites" className={chip}>
        <span aria-hidden="true" className="i-lucide-heart" />
        Favourites
      </AppLink>
      <AppLink href="/recently-played" className={chip}>
        <span aria-hidden="true" className="i-lucide-history" />
        Recently played
      </AppLink>
    </nav>
  );
}

function SongList({ songs, preference, shelfSize }: { songs: SongDto[]; preference: DisplayPreference; shelfSize: number }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  // The shelf above arrives on its own: the list's distance from the page top moves with it.
  useLayoutEffect(() => setOffset(listRef.current?.offsetTop ?? 0), [shelfSize]);
  const virtualizer = useWindowVirtualizer({ count: songs.length, estimateSize: () => SONG_ROW_HEIGHT, overscan: 8, scrollMargin: offset });
  const start = usePlayer((s) => s.start);
  const currentId = useCurrentTrack()?.id;
  const [adding, setAdding] = useState<SongDto | null>(null);
  usePlayParam(songs, (index) => virtualizer.scrollToIndex(index, { align: 'center' }));
  return (
    <>
    <ul ref={listRef} aria-label="Songs" data-count={songs.length} className="relative -mx-2" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const song = songs[row.index]!;
        return (
          <li
            key={song.id}
            className="absolute inset-x-0"
            style={{ height: SONG_ROW_HEIGHT, transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
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
