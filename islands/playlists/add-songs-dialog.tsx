import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { playlistApi, playlistKeys, refreshPlaylist, usePlaylistSongs } from '../lib/api/playlists.ts';
import { librarySearchQuery } from '../lib/api/songs.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { Input } from '../ui/input.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { toast } from '../ui/toast-store.ts';
import { AddSongsList, type AddState } from './add-songs-list.tsx';
import { messageOf } from '../lib/api/request.ts';
import { useSettled } from '../lib/use-settled.ts';
import { iconSearch } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** How long an added song shows its check before it leaves the list. */
export const ADDED_HIDE_MS = 800;
/** The search asks the server once typing pauses this long. */
export const ADD_SONGS_DEBOUNCE_MS = 200;
/** Fewer offered rows than this past the last one on screen: the next page is read. */
const READ_AHEAD_ROWS = 30;

/**
 * Add Songs to Playlist: search the library and add songs one tap each. The server searches and
 * pages (GET /api/songs/page?q=): a 100,000-song library is never read whole.
 * Its state lives in the content, which unmounts on close: closing clears the search and
 * the added set.
 */
export function AddSongsDialog({ playlistId, open, onOpenChange }: { playlistId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add Songs to Playlist" className="max-w-lg">
        <AddSongs playlistId={playlistId} />
      </DialogContent>
    </Dialog>
  );
}

function AddSongs({ playlistId }: { playlistId: string }) {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const term = useSettled(query, ADD_SONGS_DEBOUNCE_MS)[0].trim();
  // The last answer stays up while the next term's first page is on its way.
  const library = useInfiniteQuery({ ...librarySearchQuery(term), placeholderData: keepPreviousData });
  const inPlaylist = usePlaylistSongs(playlistId);
  const [states, setStates] = useState<ReadonlyMap<number, AddState>>(new Map());
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const loaded = useMemo(() => library.data?.pages.flatMap((page) => page.songs) ?? [], [library.data]);
  const present = useMemo(() => new Set((inPlaylist.data ?? []).map((song) => song.id)), [inPlaylist.data]);
  const songs = useMemo(
    // A song being added or showing its check stays until it hides, though it is in the playlist by then.
    () => loaded.filter((song) => !(hidden.has(song.id) || (present.has(song.id) && !states.has(song.id)))),
    [loaded, hidden, present, states],
  );
  // Read on while the rows on screen come near the end of what is loaded (every song of a page may
  // be in the playlist already); a failed page waits for Try Again.
  const [lastShown, setLastShown] = useState(0);
  const { hasNextPage, isFetching, isError, isPlaceholderData, fetchNextPage } = library;
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError && !isPlaceholderData && songs.length - lastShown < READ_AHEAD_ROWS) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, isPlaceholderData, songs.length, lastShown, fetchNextPage]);

  const setState = (id: number, state: AddState | null) =>
    setStates((prev) => {
      const next = new Map(prev);
      if (state) next.set(id, state);
      else next.delete(id);
      return next;
    });

  const add = async (song: SongDto) => {
    setState(song.id, 'adding');
    try {
      queryClient.setQueryData(playlistKeys.songs(playlistId), await playlistApi.addSong(playlistId, song.id));
    } catch (error) {
      setState(song.id, null);
      toast({ title: 'Failed to add song', description: messageOf(error, 'Failed to add song to playlist'), variant: 'destructive' });
      return;
    }
    setState(song.id, 'added');
    toast({ title: 'Song added!', description: 'Song successfully added to playlist' });
    void refreshPlaylist(queryClient, playlistId);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setHidden((prev) => new Set(prev).add(song.id));
      setState(song.id, null);
    }, ADDED_HIDE_MS);
    timers.current.add(timer);
  };

  const failed = library.isError || inPlaylist.isError;
  return (
    <div className="grid gap-3">
      <div className="relative">
        <Icon svg={iconSearch} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted-foreground" />
        <Input type="search" aria-label="Search songs" placeholder="Search songs..." autoFocus className="pl-9" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      <div className="h-[min(55dvh,28rem)]">
        {failed ? (
          <div className="grid justify-items-center gap-3 py-10 text-center">
            <p className="text-sm text-muted-foreground">Failed to load songs</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                if (library.isFetchNextPageError) void library.fetchNextPage();
                else if (library.isError) void library.refetch();
                if (inPlaylist.isError) void inPlaylist.refetch();
              }}
            >
              Try Again
            </Button>
          </div>
        ) : library.isPending || inPlaylist.isPending || (songs.length === 0 && library.hasNextPage) ? (
          <div role="status" aria-label="Loading songs" className="grid gap-2">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : songs.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{term ? 'No songs found' : 'No available songs to add'}</p>
        ) : (
          // A new term starts a new list at its top (and its reading on from there).
          <AddSongsList key={term} songs={songs} total={library.data?.pages[0]?.total ?? null} states={states} onAdd={(song) => void add(song)} onLastShown={setLastShown} />
        )}
      </div>
    </div>
  );
}
