import { type RefObject, useEffect } from 'react';

/** The height of a bar pinned at the foot of the screen that toasts must sit above (app-shell.tsx). */
export const RAISED_BY = '--toasts-raised-by';

/**
 * While the element is shown, toasts sit above it rather than over its buttons: a toast stays
 * 5 seconds, and one covering an action bar would take the next click meant for it.
 */
export function useRaiseToastsAbove(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(RAISED_BY, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(RAISED_BY);
    };
  }, [ref]);
}
