import type { ReactNode } from 'react';
import { formatDuration } from '../../src/shared/format.ts';
import type { SongDto } from '../../src/shared/types.ts';
import { OfflineBadge } from '../offline/offline-badge.tsx';
import { Artwork } from '../ui/artwork.tsx';
import { cn } from '../ui/cn.ts';
import { iconAudioLines } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** Row height of every song list (docs/look-and-feel.md: 56–64 px). */
export const SONG_ROW_HEIGHT = 60;
/** Rows with a second subtitle line (search: artist, then album) take the top of that range. */
export const SONG_ROW_TALL_HEIGHT = 64;

export interface SongRowProps {
  song: Pick<SongDto, 'title' | 'artworkUrl' | 'duration' | 'audioUrl'> & { explicit?: boolean };
  subtitle: string;
  /** A second muted line (search: the album), so neither line cuts the other short. */
  detail?: string | null;
  /** This row's song is the one in the player. */
  current: boolean;
  onPlay: () => void;
  /** The options menu (a trailing icon button), when the list offers one. */
  trailing?: ReactNode;
}

/** The "E" after an explicit song's title (as music apps mark them). */
export function ExplicitBadge() {
  return (
    <span role="img" aria-label="Explicit" title="Explicit" className="inline-flex h-4 min-w-4 shrink-0 items-center justify-center rounded-[3px] bg-muted-foreground/25 px-1 text-[10px] font-bold leading-none text-foreground/80">
      E
    </span>
  );
}

/** A song in a list: artwork, title (and "E" when explicit), muted subtitle, the offline badge, duration; the whole row plays it. */
export function SongRow({ song, subtitle, detail, current, onPlay, trailing }: SongRowProps) {
  return (
    <div className={cn('group flex h-full items-center gap-1 rounded-md pr-1 hover:bg-muted', current && 'bg-accent-soft/60')}>
      <button
        type="button"
        onClick={onPlay}
        aria-current={current ? 'true' : undefined}
        className="flex h-full min-w-0 flex-1 items-center gap-3 rounded-md pl-2 text-left focusable"
      >
        <Artwork url={song.artworkUrl} className="h-11 w-11 text-lg" />
        <span className="min-w-0 flex-1">
          <span className="flex min-w-0 items-center gap-1.5">
            <span className={cn('truncate font-medium', detail && 'leading-5', current && 'text-accent-text')}>{song.title}</span>
            {song.explicit ? <ExplicitBadge /> : null}
          </span>
          {subtitle ? <span className={cn('block truncate text-sm text-muted-foreground', detail && 'leading-[18px]')}>{subtitle}</span> : null}
          {detail ? <span className="block truncate text-sm leading-[18px] text-muted-foreground">{detail}</span> : null}
        </span>
        {current ? <Icon svg={iconAudioLines} label="Now playing" className="text-lg text-accent-text" /> : null}
        <OfflineBadge audioUrl={song.audioUrl} />
        <span className="w-12 shrink-0 text-right text-sm tabular-nums text-muted-foreground">{formatDuration(song.duration)}</span>
      </button>
      {trailing}
    </div>
  );
}
