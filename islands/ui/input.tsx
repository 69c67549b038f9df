import type { InputHTMLAttributes, LabelHTMLAttributes, Ref, SelectHTMLAttributes } from 'react';
import { Label as LabelPrimitive } from '@radix-ui/react-label';
import { cn } from './cn.ts';

export const INPUT_CLASS =
  'block h-11 w-full min-w-0 rounded-md border border-input bg-surface px-3 text-base text-foreground placeholder:text-muted-foreground focusable disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm';

export function Input({ className, ...rest }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input className={cn(INPUT_CLASS, className)} {...rest} />;
}

export function Label({ className, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <LabelPrimitive className={cn('text-sm font-medium leading-none', className)} {...rest} />;
}

/** A label, its control and an optional error message below, stacked. */
export function Field({ label, htmlFor, error, children }: { label: string; htmlFor: string; error?: string | undefined; children: React.ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} className="text-sm text-destructive-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A native select styled like an input, for short fixed choices inside forms. */
export function NativeSelect({ className, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(INPUT_CLASS, 'appearance-auto pr-8', className)} {...rest} />;
}
