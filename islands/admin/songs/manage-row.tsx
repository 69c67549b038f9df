import { memo, type ReactNode } from 'react';
import { formatDuration } from '../../../src/shared/format.ts';
import type { SongDto } from '../../../src/shared/types.ts';
import { Artwork } from '../../ui/artwork.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { ExplicitBadge } from '../../songs/song-row.tsx';
import { iconAudioLines, iconChevronDown, iconPlay } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

export function StatusBadge({ status }: { status: SongDto['status'] }) {
  return (
    <span
      data-testid="status-badge"
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 text-xs font-medium leading-5',
        status === 'published' ? 'bg-accent-soft text-accent-text' : 'border border-border bg-muted text-muted-foreground',
      )}
    >
      {status === 'published' ? 'Published' : 'Pending'}
    </span>
  );
}

interface ManageRowProps {
  song: SongDto;
  subtitle: string;
  selected: boolean;
  expanded: boolean;
  highlighted: boolean;
  current: boolean;
  onSelect: (id: number) => void;
  onExpand: (id: number) => void;
  onPlay: (id: number) => void;
  /** The expanded part (actions, thumbnail, edit form). */
  children?: ReactNode;
}

/** One song of Manage Songs: tick box, the expand toggle (artwork, title, status), play. */
export const ManageRow = memo(function ManageRow({ song, subtitle, selected, expanded, highlighted, current, onSelect, onExpand, onPlay, children }: ManageRowProps) {
  const panelId = `song-panel-${song.id}`;
  return (
    <div
      data-testid="manage-row"
      data-song-id={song.id}
      data-highlighted={highlighted || undefined}
      className={cn('rounded-md border border-transparent', expanded && 'border-border bg-background', highlighted && 'border-accent bg-accent-soft/50')}
    >
      <div className="flex min-h-[60px] items-center gap-1 pr-1">
        {/* A native box, not the Radix one: dozens of rows mount per frame while scrolling 50,000 songs. */}
        <label className="flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center">
          <input
            type="checkbox"
            aria-label={`Select ${song.title}`}
            checked={selected}
            onChange={() => onSelect(song.id)}
            className="h-5 w-5 cursor-pointer rounded-sm focusable"
            style={{ accentColor: 'rgb(var(--accent))' }}
          />
        </label>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={expanded ? panelId : undefined}
          onClick={() => onExpand(song.id)}
          className="flex min-h-[56px] min-w-0 flex-1 items-center gap-3 rounded-md px-1 text-left hover:bg-muted/60 focusable"
        >
          <Artwork url={song.artworkUrl} className="h-10 w-10 text-base" />
          <span className="min-w-0 flex-1">
            <span className="flex min-w-0 items-center gap-1.5">
              <span className={cn('truncate font-medium', current && 'text-accent-text')}>{song.title}</span>
              {song.explicit ? <ExplicitBadge /> : null}
            </span>
            <span className="flex min-w-0 items-center gap-2">
              <StatusBadge status={song.status} />
              {subtitle ? <span data-testid="song-subtitle" className="truncate text-sm text-muted-foreground">{subtitle}</span> : null}
            </span>
          </span>
          <span className="hidden w-12 shrink-0 text-right text-sm tabular-nums text-muted-foreground sm:block">{formatDuration(song.duration)}</span>
          <Icon svg={iconChevronDown} className={cn('text-lg text-muted-foreground transition-transform', expanded && 'rotate-180')} />
        </button>
        <Button variant="ghost" size="icon" aria-label={`Play ${song.title}`} onClick={() => onPlay(song.id)}>
          <Icon svg={current ? iconAudioLines : iconPlay} className={cn(current && 'text-accent-text')} />
        </Button>
      </div>
      {expanded ? (
        <div id={panelId} className="border-t border-border px-3 pb-4 pt-3 sm:px-4">
          {children}
        </div>
      ) : null}
    </div>
  );
});
