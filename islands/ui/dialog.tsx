import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { iconX } from '../../src/shared/lucide-icons.ts';
import { Icon } from './icon.tsx';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

export const OVERLAY_CLASS = 'ui-fade fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]';
export const MODAL_CLASS =
  'ui-pop fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-surface p-6 text-foreground shadow-xl focus:outline-none';

export interface DialogContentProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Hide the corner close button (forms that have their own Cancel). */
  hideClose?: boolean;
}

/** A centred modal: focus trapped, Escape and the overlay close it, focus returns on close. */
export function DialogContent({ title, description, children, className, hideClose = false }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={OVERLAY_CLASS} />
      <DialogPrimitive.Content className={cn(MODAL_CLASS, className)} {...(description ? {} : { 'aria-describedby': undefined })}>
        <div className="grid gap-1.5 pr-8">
          <DialogPrimitive.Title className="text-lg font-semibold leading-tight">{title}</DialogPrimitive.Title>
          {description ? <DialogPrimitive.Description className="text-sm text-muted-foreground">{description}</DialogPrimitive.Description> : null}
        </div>
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close aria-label="Close" className="absolute right-3 top-3 inline-flex h-9 w-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focusable">
            <Icon svg={iconX} className="text-lg" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The row of actions at a dialog's foot: stacked on phones, right-aligned on wide screens. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

/** The mobile drawer: a dialog that slides in from the left edge. */
export function SheetContent({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={OVERLAY_CLASS} />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={cn('ui-sheet-left fixed inset-y-0 left-0 z-50 flex w-[18rem] max-w-[85vw] flex-col border-r border-border bg-surface text-foreground shadow-xl focus:outline-none', className)}
      >
        <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
        {children}
        <DialogPrimitive.Close aria-label="Close" className="absolute right-2 top-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-muted-foreground hover:bg-muted focusable">
          <Icon svg={iconX} className="text-lg" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export { Dialog as Sheet };
