import { useEffect, useRef } from 'react';
import type { LyricsDto } from '../../src/shared/schemas/lyrics.ts';
import { cn } from '../ui/cn.ts';

/** The line playing at `ms`: the last one that has started (-1 before the first). */
export function currentLineIndex(lines: LyricsDto['lines'], ms: number): number {
  let found = -1;
  for (const [index, line] of lines.entries()) {
    if (line.start !== null && line.start <= ms) found = index;
    else if (line.start !== null && line.start > ms) break;
  }
  return found;
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The full-screen player's lyrics: synced ones highlight the line playing, keep it in the middle
 * of the view and seek to a line when it is tapped; unsynced ones are text to scroll. Lines are
 * rendered as text (React escapes them), never as HTML.
 */
export function LyricsView({ lyrics, time, onSeek }: { lyrics: LyricsDto; time: number; onSeek: (seconds: number) => void }) {
  const current = lyrics.synced ? currentLineIndex(lyrics.lines, time * 1000) : -1;
  const currentRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Only the view's own box scrolls (scrollIntoView would move a share page under a guest's
    // finger too); smoothly only when the system does not ask for less motion.
    const line = currentRef.current;
    const box = boxRef.current;
    if (!line || !box) return;
    const top = line.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop - (box.clientHeight - line.clientHeight) / 2;
    box.scrollTo({ top: Math.max(0, top), behavior: reducedMotion() ? 'instant' : 'smooth' });
  }, [current]);
  if (!lyrics.synced) {
    return (
      <div data-testid="lyrics" lang={lyrics.lang ?? undefined} className="min-h-0 w-full flex-1 overflow-y-auto">
        <div className="mx-auto max-w-xl px-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-4 text-lg leading-relaxed">
          {lyrics.lines.map((line, index) => (line.value ? <p key={index}>{line.value}</p> : <p key={index} aria-hidden="true" className="h-4" />))}
        </div>
      </div>
    );
  }
  return (
    // Its own scroll box, so keeping the line in view never scrolls the player's header away.
    <div ref={boxRef} data-testid="lyrics" lang={lyrics.lang ?? undefined} className="min-h-0 w-full flex-1 overflow-y-auto">
    <ol className="mx-auto grid max-w-xl content-start gap-1 px-4 pb-[40vh] pt-[20vh]">
      {lyrics.lines.map((line, index) => (
        <li key={index}>
          <button
            type="button"
            ref={index === current ? currentRef : undefined}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => line.start !== null && onSeek(line.start / 1000)}
            className={cn(
              'w-full rounded-lg px-2 py-1.5 text-left text-xl font-semibold transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
              index === current ? 'text-accent-text' : 'text-muted-foreground',
            )}
          >
            {line.value || <span aria-label="Instrumental">♪</span>}
          </button>
        </li>
      ))}
    </ol>
    </div>
  );
}
