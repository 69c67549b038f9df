import { useEffect, useState } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { LoadError } from '../albums/load-error.tsx';
import { BackButton } from '../app/back-button.tsx';
import { PageHeader } from '../app/page-header.tsx';
import type { ViewProps } from '../app/views.tsx';
import { ApiError } from '../lib/api/request.ts';
import { songSubtitle } from '../library/library-view.tsx';
import { useCurrentTrack, usePlayer } from '../player/player-store.ts';
import { AddToPlaylistSlot } from './add-to-playlist-slot.tsx';
import { SongMenu } from '../songs/song-menu.tsx';
import { SONG_ROW_HEIGHT, SongRow } from '../songs/song-row.tsx';
import { Button } from '../ui/button.tsx';
import { DropdownMenuItem } from '../ui/dropdown-menu.tsx';
import { Message } from '../ui/message.tsx';
import { PageSpinner } from '../ui/spinner.tsx';
import { AddSongsDialog } from './add-songs-dialog.tsx';
import { usePlaylistEdits } from './playlist-edits.ts';
import { PlaylistHero } from './playlist-hero.tsx';
import { LAST_VIEWED_KEY, PlaylistMenu } from './playlist-menu.tsx';
import { usePrefetchLibrary } from './playlist-queries.ts';
import { usePlaylist, usePlaylistSongs } from '../lib/api/playlists.ts';
import { DragHandle, type RenderSongItem, PlaylistSongList, loadSortable } from './playlist-song-list.tsx';
import { writeLocal } from '../lib/local-setting.ts';
import { iconListMinus, iconListPlus, iconListX, iconMusic } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** `/playlists/{id}`: the playlist's header, menu and songs, playable within the playlist. */
export function PlaylistView({ user, params }: ViewProps) {
  const id = params.id ?? '';
  const playlist = usePlaylist(id);
  const songs = usePlaylistSongs(id);
  const [addingSongs, setAddingSongs] = useState(false);
  const found = playlist.data;

  // Fetch the drag-and-drop code while the playlist loads, and the library once it has.
  useEffect(() => void loadSortable().catch(() => {}), []);
  usePrefetchLibrary(songs.isSuccess);
  useEffect(() => {
    if (found) writeLocal(LAST_VIEWED_KEY, String(found.id));
  }, [found?.id]);

  const notFound = playlist.error instanceof ApiError && playlist.error.status === 404;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={found?.name ?? 'Playlist'}
        leading={<BackButton to="/playlists" />}
        actions={found ? <PlaylistMenu playlist={found} onAddSongs={() => setAddingSongs(true)} /> : null}
      />
      {playlist.isPending ? (
        <PageSpinner label="Loading playlist" />
      ) : notFound ? (
        <Message icon={iconListX} heading="Playlist not found" />
      ) : playlist.isError ? (
        <LoadError heading="Failed to load playlist" error={playlist.error} onRetry={() => void playlist.refetch()} />
      ) : (
        <>
          <PlaylistHero playlist={playlist.data} songs={songs.data} />
          {songs.isPending ? (
            <PageSpinner label="Loading songs" />
          ) : songs.isError ? (
            <LoadError heading="Failed to load songs" error={songs.error} onRetry={() => void songs.refetch()} />
          ) : songs.data.length === 0 ? (
            <Message icon={iconMusic} heading="No songs in this playlist">
              <Button onClick={() => setAddingSongs(true)}>
                <Icon svg={iconListPlus} className="text-lg" />
                Add Songs
              </Button>
            </Message>
          ) : (
            <Songs playlistId={id} songs={songs.data} preference={user.displayPreference} />
          )}
          <AddSongsDialog playlistId={id} open={addingSongs} onOpenChange={setAddingSongs} />
        </>
      )}
    </div>
  );
}

function Songs({ playlistId, songs, preference }: { playlistId: string; songs: SongDto[]; preference: ViewProps['user']['displayPreference'] }) {
  const start = usePlayer((s) => s.start);
  const currentId = useCurrentTrack()?.id;
  const { reorder, removeSong } = usePlaylistEdits(playlistId);
  const [adding, setAdding] = useState<SongDto | null>(null);
  const renderItem: RenderSongItem = (song, index, handle) => (
    <div className="flex items-center" style={{ height: SONG_ROW_HEIGHT }}>
      <DragHandle title={song.title} handle={handle} />
      <div className="h-full min-w-0 flex-1">
        <SongRow
          song={song}
          subtitle={songSubtitle(song, preference)}
          current={song.id === currentId}
          onPlay={() => start(songs, index, 'playlist')}
          trailing={
            <SongMenu song={song} onAddToPlaylist={() => setAdding(song)}>
              <DropdownMenuItem icon={iconListMinus} destructive onSelect={() => void removeSong(song)}>
                Remove from Playlist
              </DropdownMenuItem>
            </SongMenu>
          }
        />
      </div>
    </div>
  );
  return (
    <>
      <PlaylistSongList songs={songs} renderItem={renderItem} onReorder={(order) => void reorder(order)} />
      <AddToPlaylistSlot song={adding} onClose={() => setAdding(null)} />
    </>
  );
}
