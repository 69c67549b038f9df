import { type RefObject, useEffect } from 'react';

/** The height of a bar pinned at the foot of the screen that toasts must sit above (app-shell.tsx). */
export const RAISED_BY = '--toasts-raised-by';

/** The bars shown now, with their heights: toasts clear the tallest. */
const bars = new Map<HTMLElement, number>();

function raise(): void {
  const root = document.documentElement;
  if (bars.size === 0) root.style.removeProperty(RAISED_BY);
  else root.style.setProperty(RAISED_BY, `${Math.max(...bars.values())}px`);
}

/**
 * While the element is shown, toasts sit above it rather than over its buttons: a toast stays
 * 5 seconds, and one covering an action bar would take the next click meant for it.
 */
export function useRaiseToastsAbove(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      bars.set(element, element.offsetHeight);
      raise();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      bars.delete(element);
      raise();
    };
  }, [ref]);
}
