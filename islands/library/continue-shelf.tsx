import { formatDuration } from '../../src/shared/format.ts';
import type { BookmarkDto } from '../../src/shared/types.ts';
import { usePlayer } from '../player/player-store.ts';
import { playFrom } from '../player/queue-sync.ts';
import { Artwork } from '../ui/artwork.tsx';

export const CONTINUE_LISTENING = 'Continue listening';
export const timeLeft = (bookmark: BookmarkDto) => `${formatDuration(bookmark.song.duration - bookmark.positionMs / 1000)} left`;

/**
 * The top of the library (docs/product.md, Library): long songs the person is part-way through,
 * each with how far they got; a tap plays on from there. Nothing at all when there are none.
 */
export function ContinueShelf({ bookmarks }: { bookmarks: BookmarkDto[] | undefined }) {
  if (!bookmarks?.length) return null;
  return (
    <section aria-labelledby="continue-listening" className="grid gap-2">
      <h2 id="continue-listening" className="text-base font-semibold">{CONTINUE_LISTENING}</h2>
      <ul className="-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 md:mx-0 md:scroll-px-0 md:px-0">
        {bookmarks.map((bookmark) => {
          const percent = bookmark.song.duration > 0 ? Math.min(100, (bookmark.positionMs / 1000 / bookmark.song.duration) * 100) : 0;
          return (
            <li key={bookmark.song.id} className="w-64 shrink-0 snap-start">
              <button
                type="button"
                onClick={() => playFrom(usePlayer, [bookmark.song], 0, 'library', bookmark.positionMs / 1000, true)}
                className="flex w-full items-center gap-3 rounded-xl border border-border bg-surface p-2 text-left transition-colors hover:bg-muted focusable"
              >
                <Artwork url={bookmark.song.artworkUrl} className="h-12 w-12" />
                <span className="grid min-w-0 flex-1 gap-1">
                  <span className="truncate text-sm font-medium">{bookmark.song.title}</span>
                  <span className="text-xs tabular-nums text-muted-foreground">{timeLeft(bookmark)}</span>
                  <span
                    role="progressbar"
                    aria-label={`${bookmark.song.title}: listened`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(percent)}
                    className="h-1 overflow-hidden rounded-full bg-muted"
                  >
                    <span className="block h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
