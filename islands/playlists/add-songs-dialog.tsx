import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { playlistApi, playlistKeys, refreshPlaylist, usePlaylistSongs } from '../lib/api/playlists.ts';
import { useLibrarySongs } from '../lib/api/songs.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { Input } from '../ui/input.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { toast } from '../ui/toast-store.ts';
import { AddSongsList, type AddState } from './add-songs-list.tsx';
import { filterSongs, searchableSongs } from './available-songs.ts';
import { messageOf } from '../lib/api/request.ts';

/** How long an added song shows its check before it leaves the list. */
export const ADDED_HIDE_MS = 800;

/**
 * Add Songs to Playlist: search the library and add songs one tap each.
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
  const library = useLibrarySongs();
  const inPlaylist = usePlaylistSongs(playlistId);
  const [query, setQuery] = useState('');
  // Typing stays immediate; filtering 50,000 songs follows at React's pace.
  const deferredQuery = useDeferredValue(query);
  const [states, setStates] = useState<ReadonlyMap<number, AddState>>(new Map());
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const index = useMemo(() => searchableSongs(library.data ?? []), [library.data]);
  const present = useMemo(() => new Set((inPlaylist.data ?? []).map((song) => song.id)), [inPlaylist.data]);
  const songs = useMemo(
    // A song being added or showing its check stays until it hides, though it is in the playlist by then.
    () => filterSongs(index, deferredQuery, (id) => hidden.has(id) || (present.has(id) && !states.has(id))),
    [index, deferredQuery, hidden, present, states],
  );

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
        <span aria-hidden="true" className="i-lucide-search pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted-foreground" />
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
                if (library.isError) void library.refetch();
                if (inPlaylist.isError) void inPlaylist.refetch();
              }}
            >
              Try Again
            </Button>
          </div>
        ) : library.isPending || inPlaylist.isPending ? (
          <div role="status" aria-label="Loading songs" className="grid gap-2">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : songs.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{deferredQuery.trim() ? 'No songs found' : 'No available songs to add'}</p>
        ) : (
          <AddSongsList songs={songs} states={states} onAdd={(song) => void add(song)} />
        )}
      </div>
    </div>
  );
}
