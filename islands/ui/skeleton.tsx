import { cn } from './cn.ts';

/** A placeholder block while content loads (lists prefer skeletons to spinners). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} />;
}

/** A list loading: three rows of artwork and a line, announced as busy under `label`. */
export function RowSkeletons({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="grid gap-3 py-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="h-10 w-10" />
          <Skeleton className="h-4 flex-1" />
        </div>
      ))}
    </div>
  );
}
