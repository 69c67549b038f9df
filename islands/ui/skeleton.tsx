import { cn } from './cn.ts';

/** A placeholder block while content loads (lists prefer skeletons to spinners). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} />;
}
