import { useEffect, useState } from 'react';
import { joinWithBullet } from '../../src/shared/format.ts';
import type { SongDto } from '../../src/shared/types.ts';
import { BackButton } from '../app/back-button.tsx';
import { PageHeader } from '../app/page-header.tsx';
import type { ViewProps } from '../app/views.tsx';
import { useFavourites, useRecentlyPlayed } from '../lib/api/listening.ts';
import { AddToPlaylistSlot } from '../playlists/add-to-playlist-slot.tsx';
import { useCurrentTrack, usePlayer } from '../player/player-store.ts';
import { SongMenu } from '../songs/song-menu.tsx';
import { SONG_ROW_HEIGHT, SongRow } from '../songs/song-row.tsx';
import { Button } from '../ui/button.tsx';
import { Message } from '../ui/message.tsx';
import { PageSpinner } from '../ui/spinner.tsx';
import { PLAYED_EVENT } from './plays.ts';
import { iconCircleAlert, iconHeart, iconHistory } from '../../src/shared/lucide-icons.ts';

/** A short list of songs; a row plays the list from it (library context: each song stops at its end). */
function Songs({ songs, label }: { songs: SongDto[]; label: string }) {
  const start = usePlayer((s) => s.start);
  const currentId = useCurrentTrack()?.id;
  const [adding, setAdding] = useState<SongDto | null>(null);
  return (
    <>
      <ul aria-label={label} className="-mx-2">
        {songs.map((song, index) => (
          <li key={song.id} style={{ height: SONG_ROW_HEIGHT }}>
            <SongRow
              song={song}
              subtitle={joinWithBullet(song.artist, song.albumName)}
              current={song.id === currentId}
              onPlay={() => start(songs, index, 'library')}
              trailing={<SongMenu song={song} onAddToPlaylist={() => setAdding(song)} />}
            />
          </li>
        ))}
      </ul>
      <AddToPlaylistSlot song={adding} onClose={() => setAdding(null)} />
    </>
  );
}

function Loaded<T>({ query, empty, children }: { query: { isPending: boolean; isError: boolean; error: Error | null; data?: T[]; isFetching: boolean; refetch: () => unknown }; empty: React.ReactNode; children: (rows: T[]) => React.ReactNode }) {
  if (query.isPending) return <PageSpinner label="Loading songs" />;
  if (query.isError || !query.data) {
    return (
      <Message icon={iconCircleAlert} heading="Failed to load songs">
        <p className="text-sm text-muted-foreground">{query.error?.message}</p>
        <Button variant="outline" busy={query.isFetching} onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Message>
    );
  }
  return query.data.length === 0 ? empty : children(query.data);
}

/** `/favourites`: the songs you gave a heart (here, from a song's menu or the player, or a phone app's star). */
export function FavouritesView(_props: ViewProps) {
  const favourites = useFavourites();
  return (
    // One minmax(0, 1fr) column: a row's long title truncates instead of widening the page on a phone.
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title="Favourites" leading={<BackButton to="/" />} />
      <Loaded query={favourites} empty={<Message icon={iconHeart} heading="No favourites yet"><p className="text-sm text-muted-foreground">Choose Add to Favourites in a song's menu.</p></Message>}>
        {(songs) => <Songs songs={songs} label="Favourites" />}
      </Loaded>
    </div>
  );
}

/** `/recently-played`: your latest plays, newest first, fresh on every visit and after each counted play. */
export function RecentlyPlayedView(_props: ViewProps) {
  const recent = useRecentlyPlayed();
  const { refetch } = recent;
  useEffect(() => {
    const refresh = () => void refetch();
    window.addEventListener(PLAYED_EVENT, refresh);
    return () => window.removeEventListener(PLAYED_EVENT, refresh);
  }, [refetch]);
  return (
    // One minmax(0, 1fr) column: a row's long title truncates instead of widening the page on a phone.
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title="Recently played" leading={<BackButton to="/" />} />
      <Loaded query={recent} empty={<Message icon={iconHistory} heading="Nothing played yet"><p className="text-sm text-muted-foreground">A song counts once you have heard half of it, or 4 minutes.</p></Message>}>
        {(plays) => <Songs songs={plays.map((play) => play.song)} label="Recently played" />}
      </Loaded>
    </div>
  );
}
