import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../ui/card.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';

/** One Settings section: a titled card whose body shows loading, failure or content. */
export function SettingsCard({ title, description, action, children }: { title: string; description: ReactNode; action?: ReactNode; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card aria-labelledby={id} role="region" className="grid gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-56 gap-1">
          <CardTitle id={id}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </div>
      {children}
    </Card>
  );
}

/** Rows of skeletons while a list loads: no layout jump when it arrives. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="grid gap-2" data-testid="settings-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

/** A read that failed: the reason and Try Again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border bg-muted/40 p-3 text-sm">
      <span>{`Failed to load ${what}`}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/** A Settings card's list as it loads: failed (with Try Again), skeleton rows, the empty text, or its rows. */
export function SettingsList<T>({ query, what, label, empty, skeletonRows, children }: {
  query: UseQueryResult<T[]>;
  /** Names the list in "Failed to load {what}". */
  what: string;
  label: string;
  empty?: string;
  skeletonRows?: number;
  children: (item: T) => ReactNode;
}) {
  if (query.isError) return <LoadFailed what={what} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <ListSkeleton rows={skeletonRows} />;
  if (query.data.length === 0) return empty ? <p className="text-sm text-muted-foreground">{empty}</p> : null;
  return (
    <ul aria-label={label} className="grid divide-y divide-border rounded-md border border-border">
      {query.data.map(children)}
    </ul>
  );
}
