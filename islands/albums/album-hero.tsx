import type { AlbumDto, SongDto } from '../../src/shared/types.ts';
import { usePlayer } from '../player/player-store.ts';
import { Artwork } from '../ui/artwork.tsx';
import { Button } from '../ui/button.tsx';
import { albumSubtitle, songCount, totalDuration } from './album-text.ts';
import { iconPlay } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/**
 * The detail header of docs/look-and-feel.md: large artwork beside the name on wide screens and
 * above it on phones, its year and genre when the songs have them, the song count and total length, and Play (the first song, in album
 * context). `songs` is absent when they failed to load.
 */
export function AlbumHero({ album, songs }: { album: AlbumDto; songs: SongDto[] | undefined }) {
  const start = usePlayer((s) => s.start);
  // The album's own artwork, else its first song's, so an imported album is not a blank tile.
  const artwork = album.artworkUrl ?? songs?.find((song) => song.artworkUrl)?.artworkUrl ?? null;
  const seconds = songs?.reduce((sum, song) => sum + song.duration, 0) ?? 0;
  const subtitle = songs ? albumSubtitle(songs) : '';
  return (
    <section aria-label="Album" className="flex flex-col items-center gap-5 text-center md:flex-row md:items-end md:gap-8 md:text-left">
      <Artwork url={artwork} className="h-52 w-52 rounded-xl text-6xl shadow-lg md:h-56 md:w-56" />
      <div className="grid w-full min-w-0 justify-items-center gap-2 md:justify-items-start">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">Album</p>
        <p data-testid="album-title" className="line-clamp-3 max-w-full break-words md:line-clamp-2 text-2xl font-bold leading-tight md:text-3xl">
          {album.name}
        </p>
        {subtitle ? (
          <p data-testid="album-subtitle" className="max-w-full truncate text-sm font-medium">
            {subtitle}
          </p>
        ) : null}
        {songs ? (
          <p data-testid="album-stats" className="text-sm tabular-nums text-muted-foreground">
            {songCount(songs.length)}
            {songs.length > 0 ? ` • ${totalDuration(seconds)}` : ''}
          </p>
        ) : null}
        <Button size="lg" className="mt-2 min-w-32 rounded-full" disabled={!songs?.length} onClick={() => songs && start(songs, 0, 'album')}>
          <Icon svg={iconPlay} className="text-xl" />
          Play
        </Button>
      </div>
    </section>
  );
}
