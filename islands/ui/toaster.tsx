'use client';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { cn } from './cn.ts';
import { SWIPE_DISMISS_PX, TOAST_DURATION_MS, useToastStore } from './toast-store.ts';
import { iconCircleAlert, iconCircleCheck, iconInfo, iconX } from '../../src/shared/lucide-icons.ts';
import { Icon } from './icon.tsx';

const TOAST_ICONS = {
  default: { svg: iconCircleCheck, className: 'text-accent-text' },
  info: { svg: iconInfo, className: 'text-accent-text' },
  destructive: { svg: iconCircleAlert, className: '' },
} as const;

/**
 * The notification area (docs/product.md): one toast at a time (a new one replaces it),
 * 5 s, a close button, swipe right 50 px to dismiss, F8 focuses the area. Radix Toast does
 * the timing, swipe, hotkey and announcements; the store holds the one current toast.
 */
export function Toaster() {
  const current = useToastStore((s) => s.current);
  const dismiss = useToastStore((s) => s.dismiss);
  const destructive = current?.variant === 'destructive';
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={SWIPE_DISMISS_PX}>
      {current ? (
        <ToastPrimitive.Root
          key={current.id}
          data-testid="toast"
          data-variant={current.variant ?? 'default'}
          type={destructive ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismiss(current.id)}
          className={cn(
            'ui-toast pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg',
            destructive ? 'border-destructive bg-destructive text-destructive-foreground' : 'border-border bg-surface text-foreground',
          )}
        >
          <Icon svg={TOAST_ICONS[current.variant ?? 'default'].svg} className={cn(TOAST_ICONS[current.variant ?? 'default'].className, 'mt-0.5 text-lg')} />
          <div className="grid min-w-0 gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description ? <ToastPrimitive.Description className="break-words text-sm opacity-90">{current.description}</ToastPrimitive.Description> : null}
          </div>
          <ToastPrimitive.Close aria-label="Close" className="absolute right-2 top-2 inline-flex h-9 w-9 items-center justify-center rounded-md opacity-70 hover:opacity-100 focusable">
            <Icon svg={iconX} className="text-base" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport
        label="Notifications ({hotkey})"
        className="fixed right-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 outline-none md:max-w-[420px] bottom-[var(--toast-offset,0px)]"
      />
    </ToastPrimitive.Provider>
  );
}
