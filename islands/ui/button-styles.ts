import { cn } from './cn.ts';

export type ButtonVariant = 'default' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon' | 'icon-sm';

const BASE =
  'inline-flex select-none items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors focusable disabled:pointer-events-none disabled:opacity-50 aria-busy:cursor-progress';

const VARIANTS: Record<ButtonVariant, string> = {
  default: 'bg-accent text-accent-foreground shadow-sm hover:bg-accent/90',
  secondary: 'bg-muted text-foreground hover:bg-muted/70',
  outline: 'border border-input bg-surface text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
};

// Touch targets of at least 44 px (docs/look-and-feel.md) except the compact sizes for dense rows.
const SIZES: Record<ButtonSize, string> = {
  default: 'h-11 px-4 text-sm',
  sm: 'h-9 px-3 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-11 w-11 text-lg',
  'icon-sm': 'h-9 w-9 text-base',
};

/**
 * The button look as classes, for server components and links that look like buttons
 * (the landing page's Login) as well as the Button component.
 */
export function buttonClass({ variant = 'default', size = 'default', className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string | undefined } = {}) {
  return cn(BASE, VARIANTS[variant], SIZES[size], className);
}
