import { useRef, useState } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { BackButton } from '../app/back-button.tsx';
import { ThemeToggle } from '../app/theme-toggle.tsx';
import { UserMenu } from '../app/user-menu.tsx';
import { useUser } from '../app/user-context.ts';
import type { ViewProps } from '../app/views.tsx';
import { AddToPlaylistSlot } from '../playlists/add-to-playlist-slot.tsx';
import { useCurrentTrack, usePlayer } from '../player/player-store.ts';
import { SongMenu } from '../songs/song-menu.tsx';
import { SONG_ROW_TALL_HEIGHT, SongRow } from '../songs/song-row.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { Input } from '../ui/input.tsx';
import { Message } from '../ui/message.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { type SearchAnswer, useSearchResults, useSearchText } from './use-search.ts';
import { iconCircleAlert, iconSearch, iconSearchX, iconX } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** `/search`: back, the search box, the theme toggle; hits under 'Music'. */
export function SearchView(_props: ViewProps) {
  const user = useUser();
  const box = useRef<HTMLInputElement>(null);
  const { text, setText, flush, term } = useSearchText(box);
  return (
    // Flex columns, not grid: a grid track would grow to a long title instead of truncating it.
    <div className="flex flex-col gap-4">
      <header className="flex min-h-12 items-center gap-2">
        <BackButton />
        <h1 className="sr-only">Search</h1>
        <div className="relative min-w-0 flex-1">
          <Input
            ref={box}
            type="search"
            aria-label="Search music"
            placeholder="Search music..."
            enterKeyHint="search"
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && flush()}
            // Our own clear control replaces the browser's (a blue cross in Chromium).
            className="pr-11 [&::-webkit-search-cancel-button]:appearance-none"
          />
          {text ? (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => {
                setText('');
                box.current?.focus();
              }}
              className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-md text-muted-foreground hover:text-foreground focusable"
            >
              <Icon svg={iconX} className="text-lg" />
            </button>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <ThemeToggle />
          <UserMenu user={user} />
        </div>
      </header>
      {text.trim() === '' ? <Message icon={iconSearch} heading="Start typing to search" /> : <Results term={term} />}
    </div>
  );
}

/** Mounted only while the box has text: emptying it forgets the last hits (see useSearchResults). */
function Results({ term }: { term: string }) {
  const results = useSearchResults(term);
  return (
    <>
      {results.isError ? (
        <Message icon={iconCircleAlert} heading="Search failed">
          <Button variant="outline" busy={results.isFetching} onClick={() => void results.refetch()}>
            Try Again
          </Button>
        </Message>
      ) : !results.data ? (
        <ResultsSkeleton />
      ) : results.data.songs.length === 0 ? (
        <Message icon={iconSearchX} heading={`No results found for "${results.data.q}"`} />
      ) : (
        <Hits answer={results.data} stale={results.isPlaceholderData} />
      )}
    </>
  );
}

function ResultsSkeleton() {
  return (
    <div role="status" aria-label="Searching" className="grid gap-1">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-3 px-2" style={{ height: SONG_ROW_TALL_HEIGHT }}>
          <Skeleton className="h-11 w-11 shrink-0" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The hits; the last answer stays (dimmed, busy) while a newer term's answer is on its way. */
function Hits({ answer, stale }: { answer: SearchAnswer; stale: boolean }) {
  const start = usePlayer((s) => s.start);
  const currentId = useCurrentTrack()?.id;
  const [adding, setAdding] = useState<SongDto | null>(null);
  return (
    <section aria-labelledby="music-heading" aria-busy={stale || undefined} className="flex flex-col gap-2">
      <h2 id="music-heading" className="flex items-baseline gap-2 text-lg font-semibold">
        Music
        <span data-testid="hit-count" className="text-sm font-medium tabular-nums text-muted-foreground">
          {answer.songs.length}
        </span>
      </h2>
      <ul aria-label="Results" className={cn('-mx-2 transition-opacity', stale && 'opacity-60')}>
        {answer.songs.map((song, index) => (
          <li key={song.id} style={{ height: SONG_ROW_TALL_HEIGHT }}>
            <SongRow
              song={song}
              subtitle={song.artist ?? ''}
              detail={song.albumName}
              current={song.id === currentId}
              onPlay={() => start(answer.songs, index, 'search')}
              trailing={<SongMenu song={song} onAddToPlaylist={() => setAdding(song)} />}
            />
          </li>
        ))}
      </ul>
      <AddToPlaylistSlot song={adding} onClose={() => setAdding(null)} />
    </section>
  );
}
