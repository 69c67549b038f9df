'use client';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { SWIPE_DISMISS_PX, TOAST_DURATION_MS, useToastStore } from './toast-store.ts';

/** The notification area: one toast, 5 s, close button, swipe right to dismiss, F8 to focus. */
export function Toaster() {
  const current = useToastStore((s) => s.current);
  const dismiss = useToastStore((s) => s.dismiss);
  const region = useRef<HTMLElement>(null);
  const [dragX, setDragX] = useState(0);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!current) return;
    setDragX(0);
    const timer = setTimeout(() => dismiss(current.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current, dismiss]);

  const onPointerDown = (event: PointerEvent) => {
    startX.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (startX.current !== null) setDragX(Math.max(0, event.clientX - startX.current));
  };
  const onPointerUp = () => {
    if (current && dragX > SWIPE_DISMISS_PX) dismiss(current.id);
    else setDragX(0);
    startX.current = null;
  };

  const destructive = current?.variant === 'destructive';
  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed bottom-0 right-0 z-50 flex w-full flex-col p-4 outline-none md:max-w-[420px]"
    >
      {current ? (
        <div
          role="status"
          aria-live="polite"
          data-testid="toast"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          style={{ transform: `translateX(${dragX}px)` }}
          className={`pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-lg border p-4 pr-8 shadow-lg ${
            destructive
              ? 'border-red-700 bg-red-600 text-white'
              : 'border-stone-200 bg-white text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100'
          }`}
        >
          <div className="grid gap-1">
            <div className="text-sm font-semibold">{current.title}</div>
            {current.description ? <div className="text-sm opacity-90">{current.description}</div> : null}
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={() => dismiss(current.id)}
            className="absolute right-2 top-2 rounded p-1 text-sm opacity-70 hover:opacity-100"
          >
            ✕
          </button>
        </div>
      ) : null}
    </section>
  );
}
