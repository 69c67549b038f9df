'use client';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useUser } from '../../app/user-context.ts';
import { useAlbums } from '../../lib/api/albums.ts';
import { useAdminSongIds } from '../../lib/api/songs.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useUploadedHighlight } from '../music/uploaded-highlight.ts';
import { BulkBar } from './bulk-bar.tsx';
import { count } from './chunked-bulk.ts';
import { ManageControls } from './manage-controls.tsx';
import { ManageList } from './manage-list.tsx';
import { useSelection } from './selection.ts';
import type { AlbumFilter, SongSort } from './song-order.ts';
import { useBulkActions } from './use-bulk-actions.ts';

const NO_IDS: readonly number[] = [];

/**
 * The Music tab's Manage Songs: every song, filtered, sorted, edited one by one or in bulk. The
 * server filters and sorts, answering ids only; the rows on screen are read by id (manage-list.tsx).
 */
export function ManageSongs() {
  const user = useUser();
  const albums = useAlbums();
  const albumList = useMemo(() => albums.data ?? [], [albums.data]);
  const [filter, setFilter] = useState<AlbumFilter>('all');
  const [sort, setSort] = useState<SongSort>('recent');
  const songs = useAdminSongIds(filter, sort);
  const visible = songs.data?.ids ?? NO_IDS;
  const selection = useSelection(visible);
  const bulk = useBulkActions(selection.drop);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const toggleExpanded = useCallback((id: number) => setExpanded((current) => {
    const next = new Set(current);
    if (!next.delete(id)) next.add(id);
    return next;
  }), []);
  const highlighted = useUploadedHighlight((state) => state.songIds);
  // Highlights belong to this visit of the page: leaving it forgets them.
  useEffect(() => () => useUploadedHighlight.getState().clear(), []);

  return (
    <Card className="grid gap-4 p-4 md:p-6" aria-labelledby="manage-songs-heading" role="region">
      <div className="flex items-baseline justify-between gap-2">
        <CardTitle id="manage-songs-heading">Manage Songs</CardTitle>
        {songs.data ? <p className="text-sm tabular-nums text-muted-foreground">{count(visible.length)} {visible.length === 1 ? 'song' : 'songs'}</p> : null}
      </div>
      <ManageControls
        albums={albumList}
        filter={filter}
        onFilter={setFilter}
        sort={sort}
        onSort={setSort}
        display={user.displayPreference}
        allSelected={selection.allSelected}
        // A running bulk action keeps its selection (and its bar, which shows the progress).
        // Nor while a new filter's or sort's order is on its way (the rows shown are the last one's).
        canSelect={visible.length > 0 && bulk.progress === null && !songs.isPlaceholderData}
        onSelectAll={selection.selectAll}
        onDeselectAll={selection.clear}
      />
      {songs.isPending ? (
        <div aria-label="Loading songs" aria-busy="true" className="grid gap-2">
          {Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-14" />)}
        </div>
      ) : songs.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 py-10 text-center">
          <p className="font-medium">Failed to load songs</p>
          <p className="text-sm text-muted-foreground">{songs.error.message}</p>
          <Button variant="outline" busy={songs.isFetching} onClick={() => void songs.refetch()}>Try Again</Button>
        </div>
      ) : visible.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">{songs.data.total === 0 ? 'No songs yet. Upload some above.' : 'No songs in this album.'}</p>
      ) : (
        <ManageList
          ids={visible}
          albums={albumList}
          preference={user.displayPreference}
          selected={selection.selected}
          expanded={expanded}
          highlighted={highlighted}
          onSelect={selection.toggle}
          onExpand={toggleExpanded}
        />
      )}
      {selection.ids.length > 0 ? (
        <BulkBar
          selected={selection.ids.length}
          albums={albumList}
          progress={bulk.progress}
          report={bulk.report}
          onDismissReport={bulk.dismissReport}
          onRun={(kind) => bulk.run(kind, selection.ids)}
          onAssign={(album) => bulk.assign(album, selection.ids)}
          onClear={selection.clear}
        />
      ) : null}
    </Card>
  );
}
