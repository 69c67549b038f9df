'use client';
import { useState } from 'react';
import { LoadError } from '../../albums/load-error.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Message } from '../../ui/message.tsx';
import { RowSkeletons } from '../../ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { DeleteAllButton } from './delete-all-button.tsx';
import { useDeletedAlbums, useDeletedSongs } from '../../lib/api/trash.ts';
import { DeletedRow } from './deleted-row.tsx';
import { type TrashFilter, type TrashItem, itemKey, listed } from './trash-items.ts';
import { iconTrash2 } from '../../../src/shared/lucide-icons.ts';

/** Rows shown at first and per "Show more": a trash of thousands (a bulk delete) stays quick. */
const PAGE = 100;

function Section({ title, entries }: { title: string; entries: TrashItem[] }) {
  const [shown, setShown] = useState(PAGE);
  if (entries.length === 0) return null;
  return (
    <Card className="grid grid-cols-1 max-sm:p-4 gap-2">
      <CardTitle>
        {title} <span className="text-sm font-normal tabular-nums text-muted-foreground">({entries.length.toLocaleString('en-US')})</span>
      </CardTitle>
      <ul aria-label={title} className="divide-y divide-border">
        {entries.slice(0, shown).map((entry) => (
          <DeletedRow key={itemKey(entry)} entry={entry} />
        ))}
      </ul>
      {entries.length > shown ? (
        <Button variant="outline" className="justify-self-center" onClick={() => setShown((n) => n + PAGE)}>
          Show more
        </Button>
      ) : null}
    </Card>
  );
}

const Loading = () => <RowSkeletons label="Loading deleted items" />;

/** The admin area's Deleted tab: filter All or Music, Restore, Delete Forever, Delete All. */
export function DeletedTab() {
  const songs = useDeletedSongs();
  const albums = useDeletedAlbums();
  const [filter, setFilter] = useState<TrashFilter>('all');
  const error = songs.error ?? albums.error;
  const entries = songs.data && albums.data ? listed(filter, albums.data, songs.data) : [];

  const body = () => {
    if (error) return <LoadError heading="Failed to load deleted items" error={error} onRetry={() => void Promise.all([songs.refetch(), albums.refetch()])} />;
    if (!songs.data || !albums.data) return <Loading />;
    if (entries.length === 0) return <Message icon={iconTrash2} heading="No deleted items" />;
    return (
      <div className="grid grid-cols-1 gap-6">
        <Section title="Albums" entries={entries.filter((e) => e.kind === 'albums')} />
        <Section title="Songs" entries={entries.filter((e) => e.kind === 'songs')} />
      </div>
    );
  };

  return (
    <Tabs value={filter} onValueChange={(value) => setFilter(value as TrashFilter)} className="grid grid-cols-1 gap-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabsList label="Show">
          <TabsTrigger value="all">All</TabsTrigger>
          <TabsTrigger value="music">Music</TabsTrigger>
        </TabsList>
        <DeleteAllButton entries={entries} songsOnly={filter === 'music'} />
      </div>
      <p className="text-sm text-muted-foreground">Deleted songs and albums can be restored for 7 days; then they are removed for good.</p>
      {(['all', 'music'] as const).map((value) => (
        <TabsContent key={value} value={value} className="mt-2">
          {body()}
        </TabsContent>
      ))}
    </Tabs>
  );
}
