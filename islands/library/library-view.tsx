import { useMemo } from 'react';
import { joinWithBullet } from '../../src/shared/format.ts';
import type { DisplayPreference, SongDto } from '../../src/shared/types.ts';
import { AppLink } from '../app/app-link.tsx';
import { buttonClass } from '../ui/button-styles.ts';
import { SearchLink } from '../app/back-button.tsx';
import { PageHeader } from '../app/page-header.tsx';
import type { ViewProps } from '../app/views.tsx';
import { useContinueListening } from '../lib/api/bookmarks.ts';
import { useLibraryPages } from '../lib/api/songs.ts';
import { Button } from '../ui/button.tsx';
import { Message } from '../ui/message.tsx';
import { PageSpinner } from '../ui/spinner.tsx';
import { Tooltip } from '../ui/tooltip.tsx';
import { ContinueShelf } from './continue-shelf.tsx';
import { DisplayMenu } from './display-menu.tsx';
import { LibrarySongList } from './library-song-list.tsx';
import { iconCircleAlert, iconHeart, iconHistory, iconMusic } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** The subtitle under each song follows the user's displayPreference. */
export function songSubtitle(song: SongDto, preference: DisplayPreference): string {
  if (preference === 'artist') return song.artist ?? '';
  if (preference === 'album') return song.albumName ?? '';
  if (preference === 'artist-album') return joinWithBullet(song.artist, song.albumName);
  return '';
}

/**
 * A song renamed between two pages, from before the cursor to after it, comes again in the later
 * page: the list (and a queue started from it) holds each song once, where it first came.
 */
function onceEach(songs: SongDto[]): SongDto[] {
  const seen = new Set<number>();
  return songs.filter((song) => !seen.has(song.id) && seen.add(song.id));
}

/** `/` signed in: heading, search link, theme toggle, and every song by title (paged, virtualised). */
export function LibraryView({ user }: ViewProps) {
  const library = useLibraryPages();
  const shelf = useContinueListening();
  const songs = useMemo(() => onceEach(library.data?.pages.flatMap((page) => page.songs) ?? []), [library.data]);
  // The first page says how long the library is; songs added since can make it longer.
  const count = library.hasNextPage ? Math.max(library.data?.pages[0]?.total ?? 0, songs.length + 1) : songs.length;
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
      {library.isPending ? (
        <PageSpinner label="Loading songs" />
      ) : library.data === undefined ? (
        <Message icon={iconCircleAlert} heading="Failed to load songs">
          <p className="text-sm text-muted-foreground">{library.error?.message}</p>
          <Button variant="outline" busy={library.isFetching} onClick={() => void library.refetch()}>
            Try Again
          </Button>
        </Message>
      ) : count === 0 ? (
        <Message icon={iconMusic} heading="No tracks yet" />
      ) : (
        <LibrarySongList
          songs={songs}
          count={count}
          more={{
            loading: library.isFetchingNextPage,
            failed: library.isFetchNextPageError,
            load: () => void library.fetchNextPage(),
          }}
          preference={user.displayPreference}
          shelfSize={shelf.data?.length ?? 0}
        />
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
        <Icon svg={iconHeart} />
        Favourites
      </AppLink>
      <AppLink href="/recently-played" className={chip}>
        <Icon svg={iconHistory} />
        Recently played
      </AppLink>
    </nav>
  );
}
