import { useState } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { AddToPlaylistSlot } from '../playlists/add-to-playlist-slot.tsx';
import { useCurrentTrack, usePlayer } from '../player/player-store.ts';
import { SongMenu } from '../songs/song-menu.tsx';
import { SONG_ROW_HEIGHT, SongRow } from '../songs/song-row.tsx';

/**
 * The album's songs in album order (the server's: albumOrder, then title); a row plays within
 * the album (context album: the next track follows, and playback stops after the last).
 */
export function AlbumSongs({ songs }: { songs: SongDto[] }) {
  const start = usePlayer((s) => s.start);
  const currentId = useCurrentTrack()?.id;
  const [adding, setAdding] = useState<SongDto | null>(null);
  return (
    <>
      <ul aria-label="Songs" className="-mx-2">
        {songs.map((song, index) => (
          <li key={song.id} style={{ height: SONG_ROW_HEIGHT }}>
            <SongRow
              song={song}
              subtitle={song.artist ?? ''}
              current={song.id === currentId}
              onPlay={() => start(songs, index, 'album')}
              trailing={<SongMenu song={song} onAddToPlaylist={() => setAdding(song)} />}
            />
          </li>
        ))}
      </ul>
      <AddToPlaylistSlot song={adding} onClose={() => setAdding(null)} />
    </>
  );
}
