import { useEffect } from 'react';
import type { PlayerStore } from './player-engine.ts';

/** Seek keys: the arrows move 5 seconds. */
const SEEK_KEY_SECONDS = 5;

const TEXT_ENTRY = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Controls that use the arrows themselves (and Space, for most). */
const ARROW_OWNERS = '[role="slider"], [role="tab"], [role="tablist"], [role="menu"], [role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"], [role="listbox"], [role="option"], [role="radiogroup"], [role="radio"], [role="combobox"]';
/** Controls whose own meaning of Space wins (a focused plain button does not: Space plays, and the keyup is swallowed so it is not pressed too). */
const SPACE_OWNERS = `summary, [role="checkbox"], [role="switch"], ${ARROW_OWNERS}`;

/** Whether the focused element (or an open modal other than the full player) owns this key. */
function keyOwnedByFocus(target: EventTarget | null, key: string): boolean {
  const el = target instanceof Element ? target : null;
  if (el?.closest(TEXT_ENTRY)) return true;
  const modal = document.querySelector('[role="dialog"][aria-modal="true"]:not([data-full-player]), [role="alertdialog"]');
  if (modal) return true;
  if (!el) return false;
  if (key === ' ') return el.closest(SPACE_OWNERS) !== null;
  return el.closest(ARROW_OWNERS) !== null;
}

/** What each shortcut does; null for keys that are not shortcuts. */
function action(store: PlayerStore, key: string): (() => void) | null {
  const s = store.getState();
  // The element's own time: the store's follows timeupdate, up to 250 ms behind.
  const now = () => store.playerAudio()?.currentTime ?? s.time;
  switch (key) {
    case 'ArrowLeft':
      return () => s.seek(now() - SEEK_KEY_SECONDS);
    case 'ArrowRight':
      return () => s.seek(now() + SEEK_KEY_SECONDS);
    case ' ':
      return s.toggle;
    case 'n':
    case 'N':
      return s.next;
    case 'p':
    case 'P':
      return s.previous;
    default:
      return null;
  }
}

/**
 * Keyboard shortcuts, anywhere but where the focused control owns the key: arrows seek
 * 5 s, Space plays or pauses (without scrolling the page), N next, P previous.
 */
export function usePlayerKeys(store: PlayerStore) {
  useEffect(() => {
    let swallowSpaceUp = false;
    const onKeyUp = (e: KeyboardEvent) => {
      // A focused button is pressed on Space's keyup: the shortcut already acted.
      if (e.key === ' ' && swallowSpaceUp) e.preventDefault();
      if (e.key === ' ') swallowSpaceUp = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const s = store.getState();
      if (!s.queue[s.index]) return;
      const run = action(store, e.key);
      if (!run || keyOwnedByFocus(e.target, e.key)) return;
      e.preventDefault();
      if (e.key === ' ') swallowSpaceUp = true;
      if (!e.repeat || e.key !== ' ') run();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKeyUp, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKeyUp, true);
    };
  }, [store]);
}
