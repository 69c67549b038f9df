import { useEffect, useRef } from 'react';
import { formatDuration } from '../../src/shared/format.ts';
import { cn } from '../ui/cn.ts';
import { usePlayer } from './player-store.ts';

/** A library queue can be thousands long: the list shows a window around the current song. */
const QUEUE_BEFORE = 20;
const QUEUE_AFTER = 80;

/** The queue, from the full-screen player; a tap plays that song within it. */
export function QueueList() {
  const queue = usePlayer((s) => s.queue);
  const index = usePlayer((s) => s.index);
  const current = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    current.current?.scrollIntoView({ block: 'center' });
  }, []);
  const from = Math.max(0, index - QUEUE_BEFORE);
  return (
    <ol aria-label="Queue" className="mx-auto flex w-full min-w-0 max-w-md flex-1 flex-col gap-1 overflow-y-auto px-3 pb-6">
      {queue.slice(from, index + QUEUE_AFTER + 1).map((track, i) => {
        const at = from + i;
        const playing = at === index;
        return (
          <li key={`${at}-${track.id}`} className="min-w-0">
            <button
              type="button"
              ref={playing ? current : undefined}
              aria-current={playing ? 'true' : undefined}
              onClick={() => {
                const s = usePlayer.getState();
                if (s.context) s.start(s.queue, at, s.context);
              }}
              className={cn('flex min-h-12 w-full items-center gap-3 rounded-md px-3 py-2 text-left hover:bg-muted focusable', playing && 'bg-muted')}
            >
              <span className="w-6 shrink-0 text-right text-xs tabular-nums text-muted-foreground">{at + 1}</span>
              <span className="min-w-0 flex-1">
                <span className={cn('block truncate text-sm font-medium', playing && 'text-accent-text')}>{track.title}</span>
                {track.narrator ?? track.artist ? <span className="block truncate text-xs text-muted-foreground">{track.narrator ?? track.artist}</span> : null}
              </span>
              <span className="shrink-0 text-xs tabular-nums text-muted-foreground">{formatDuration(track.duration)}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
