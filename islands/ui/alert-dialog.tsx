import * as AlertPrimitive from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { buttonClass } from './button-styles.ts';
import { MODAL_CLASS, OVERLAY_CLASS } from './dialog.tsx';
import { Spinner } from './spinner.tsx';

export const AlertDialog = AlertPrimitive.Root;
export const AlertDialogTrigger = AlertPrimitive.Trigger;

export interface AlertDialogContentProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Runs on confirm; the dialog stays open (busy) until the caller closes it. */
  onConfirm: () => void;
  busy?: boolean;
  destructive?: boolean;
}

/** A confirmation that needs an answer: focus starts on Cancel, the overlay does not close it. */
export function AlertDialogContent({ title, description, confirmLabel, cancelLabel = 'Cancel', onConfirm, busy = false, destructive = true }: AlertDialogContentProps) {
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className={OVERLAY_CLASS} />
      <AlertPrimitive.Content className={MODAL_CLASS}>
        <div className="grid gap-1.5">
          <AlertPrimitive.Title className="text-lg font-semibold leading-tight">{title}</AlertPrimitive.Title>
          <AlertPrimitive.Description className="text-sm text-muted-foreground">{description}</AlertPrimitive.Description>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertPrimitive.Cancel className={buttonClass({ variant: 'outline' })}>{cancelLabel}</AlertPrimitive.Cancel>
          <button
            type="button"
            className={buttonClass({ variant: destructive ? 'destructive' : 'default' })}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onConfirm}
          >
            {busy ? <Spinner /> : null}
            {confirmLabel}
          </button>
        </div>
      </AlertPrimitive.Content>
    </AlertPrimitive.Portal>
  );
}
