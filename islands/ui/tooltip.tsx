import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';

/** Tooltips open after 700 ms, skip 300 ms, 4 px from their trigger. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_MS = 300;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

/** Wraps one focusable element; the tip also shows on keyboard focus (never hover alone). */
export function Tooltip({ content, children, side = 'top' }: { content: ReactNode; children: ReactElement; side?: 'top' | 'right' | 'bottom' | 'left' }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content side={side} sideOffset={4} collisionPadding={8} className="ui-pop z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-md">
          {content}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
