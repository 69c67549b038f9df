import type { PlaylistDto, SongDto } from '../../src/shared/types.ts';
import { usePlayer } from '../player/player-store.ts';
import { Artwork } from '../ui/artwork.tsx';
import { Button } from '../ui/button.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { iconPlay, iconShuffle } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** "12 songs • 43 min" (or "1 hr 5 min", or seconds for a very short list). */
export function playlistSummary(songs: Pick<SongDto, 'duration'>[]): string {
  const count = `${songs.length} ${songs.length === 1 ? 'song' : 'songs'}`;
  if (songs.length === 0) return count;
  const total = Math.round(songs.reduce((sum, song) => sum + (Number.isFinite(song.duration) ? song.duration : 0), 0));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const length = hours > 0 ? `${hours} hr ${minutes} min` : total >= 60 ? `${minutes} min` : `${total} sec`;
  return `${count} • ${length}`;
}

/** A fresh random order (Fisher–Yates) for Shuffle. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * The detail header (docs/look-and-feel.md): large artwork beside the details on wide screens and
 * above them on phones, the count and total length, Play and Shuffle within the playlist.
 */
export function PlaylistHero({ playlist, songs }: { playlist: PlaylistDto; songs: SongDto[] | undefined }) {
  const start = usePlayer((s) => s.start);
  const playable = songs !== undefined && songs.length > 0;
  return (
    <section aria-label="Playlist details" className="flex flex-col items-center gap-4 sm:flex-row sm:items-end sm:gap-6">
      <Artwork url={playlist.artworkUrl} alt="" className="aspect-square w-48 rounded-xl text-6xl shadow-md sm:w-44 md:w-52" />
      <div className="grid min-w-0 justify-items-center gap-3 sm:justify-items-start">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">Playlist</p>
        {/* The header truncates the name on phones; here it shows whole, in two lines at most. */}
        <p className="line-clamp-2 max-w-full break-words text-center text-2xl font-bold sm:text-left md:text-3xl">{playlist.name}</p>
        {songs ? (
          <p data-testid="playlist-summary" className="text-sm tabular-nums text-muted-foreground">
            {playlistSummary(songs)}
          </p>
        ) : (
          <Skeleton className="h-5 w-32" />
        )}
        <div className="flex gap-2">
          <Button disabled={!playable} onClick={() => songs && start(songs, 0, 'playlist')}>
            <Icon svg={iconPlay} className="text-lg" />
            Play
          </Button>
          <Button variant="outline" disabled={!playable} onClick={() => songs && start(shuffled(songs), 0, 'playlist')}>
            <Icon svg={iconShuffle} className="text-lg" />
            Shuffle
          </Button>
        </div>
      </div>
    </section>
  );
}
