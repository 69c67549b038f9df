import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

/** A surface with a low-contrast border and radius 12 px. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div data-slot="card" className={cn('rounded-lg border border-border bg-surface p-6 text-foreground shadow-sm', className)} {...rest} />;
}

export function CardTitle({ className, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('text-lg font-semibold leading-tight', className)} {...rest} />;
}

export function CardDescription({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...rest} />;
}
