import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClass } from './button-styles.ts';
import { Spinner } from './spinner.tsx';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Disabled, with a spinner before the label and aria-busy, while an action runs. */
  busy?: boolean;
  /** Renders the child element (a link) with the button's look. */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant, size, busy = false, asChild = false, className, disabled, children, type, ...rest }: ButtonProps) {
  const classes = buttonClass({ variant, size, className });
  if (asChild) return <Slot className={classes} {...rest}>{children}</Slot>;
  return (
    <button type={type ?? 'button'} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}
