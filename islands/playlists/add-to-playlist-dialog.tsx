import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { PlaylistDto, SongDto } from '../../src/shared/types.ts';
import { playlistApi, playlistKeys, usePlaylistIdsWithSong, usePlaylists } from '../lib/api/playlists.ts';
import { ApiError, messageOf } from '../lib/api/request.ts';
import { Artwork } from '../ui/artwork.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogFooter } from '../ui/dialog.tsx';
import { Input } from '../ui/input.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { toast } from '../ui/toast-store.ts';
import { iconCheck, iconCircleCheck, iconLoaderCircle, iconPlus } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** The dialog closes 1000 ms after a successful add. */
export const ADD_CLOSE_MS = 1000;

type Song = Pick<SongDto, 'id' | 'title'>;

// The server's message when it sent one; a dropped connection gets the fallback.

/**
 * Add to Playlist: choose a playlist, or create one and add to it. Opens for
 * `song`; closing (or `song` becoming null) resets everything.
 */
export function AddToPlaylistDialog({ song, onClose }: { song: Song | null; onClose: () => void }) {
  // The song stays on screen while the dialog animates out.
  const shown = useRef<Song | null>(null);
  if (song) shown.current = song;
  return (
    <Dialog open={song !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Add to Playlist">{shown.current ? <AddToPlaylist key={song?.id ?? 'closed'} song={shown.current} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function AddToPlaylist({ song, onDone }: { song: Song; onDone: () => void }) {
  const queryClient = useQueryClient();
  const playlists = usePlaylists();
  const [view, setView] = useState<'choose' | 'create'>('choose');
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const [adding, setAdding] = useState<number | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  // Callers pass a fresh onDone on every render; the close timer must not restart with it.
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (added === null) return;
    const timer = setTimeout(() => done.current(), ADD_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [added]);

  const holding = usePlaylistIdsWithSong(song.id);
  const held = new Set(holding.data?.playlistIds ?? []);
  // Not an error: the song is where the user wants it (docs/product.md, Add to Playlist dialog).
  const alreadyThere = (playlistName: string) =>
    toast({ title: 'Already in this playlist', description: `"${song.title}" is already in "${playlistName}"`, variant: 'info' });

  const add = async (playlist: Pick<PlaylistDto, 'id' | 'name'>) => {
    if (held.has(playlist.id)) return alreadyThere(playlist.name);
    setAdding(playlist.id);
    try {
      await playlistApi.addSong(playlist.id, song.id);
      void queryClient.invalidateQueries({ queryKey: playlistKeys.songs(String(playlist.id)) });
      setAdded(playlist.id);
      toast({ title: 'Added to playlist', description: `"${song.title}" added successfully` });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        alreadyThere(playlist.name);
        void holding.refetch();
      } else toast({ title: 'Error', description: messageOf(error, 'Failed to add song to playlist'), variant: 'destructive' });
    } finally {
      setAdding(null);
    }
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || creating) return;
    setCreating(true);
    let playlist: PlaylistDto;
    try {
      // The name from this dialog is sent as typed.
      playlist = await playlistApi.create(name);
    } catch (error) {
      toast({ title: 'Error', description: messageOf(error, 'Failed to create playlist'), variant: 'destructive' });
      setCreating(false);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: playlistKeys.list });
    setCreating(false);
    setView('choose');
    setName('');
    await add(playlist);
  };

  if (view === 'create') {
    return (
      <form onSubmit={create} className="grid gap-4">
        <Input aria-label="Playlist name" placeholder="Playlist name" autoFocus value={name} onChange={(e) => setName(e.target.value)} />
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              setView('choose');
              setName('');
            }}
          >
            Cancel
          </Button>
          <Button type="submit" busy={creating} disabled={!name.trim()}>
            {creating ? 'Creating...' : 'Create & Add'}
          </Button>
        </DialogFooter>
      </form>
    );
  }

  return (
    <div className="grid gap-3">
      <Button variant="outline" className="w-full" onClick={() => setView('create')}>
        <Icon svg={iconPlus} className="text-base" />
        Create New Playlist
      </Button>
      {playlists.isPending ? (
        <div className="grid gap-2" aria-label="Loading playlists" role="status">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : playlists.isError ? (
        <div className="grid justify-items-center gap-3 py-6 text-center">
          <p className="text-sm text-muted-foreground">Failed to load playlists</p>
          <Button variant="outline" size="sm" onClick={() => void playlists.refetch()}>
            Try Again
          </Button>
        </div>
      ) : playlists.data.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No playlists yet</p>
      ) : (
        <ul aria-label="Playlists" className="-mx-2 grid max-h-[60vh] gap-1 overflow-y-auto px-2">
          {playlists.data.map((playlist) => (
            <li key={playlist.id}>
              <button
                type="button"
                disabled={adding !== null || added !== null}
                onClick={() => void add(playlist)}
                className="flex min-h-14 w-full items-center gap-3 rounded-md px-2 py-1.5 text-left hover:bg-muted focusable disabled:cursor-default"
              >
                <Artwork url={playlist.artworkUrl} className="h-10 w-10" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{playlist.name}</span>
                  {held.has(playlist.id) && added !== playlist.id ? <span className="block text-sm text-muted-foreground">Already added</span> : null}
                </span>
                {adding === playlist.id ? <Icon svg={iconLoaderCircle} className="animate-spin text-lg" /> : null}
                {added === playlist.id ? <Icon svg={iconCheck} label="Added" className="text-lg text-accent-text" /> : null}
                {held.has(playlist.id) && added !== playlist.id ? <Icon svg={iconCircleCheck} className="text-lg text-muted-foreground" /> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
