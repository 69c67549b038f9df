import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { SongDto } from '../../../src/shared/types.ts';
import { type BulkAction, songApi } from '../../lib/api/songs.ts';
import { failureMessage, runBounded } from '../../lib/run-bounded.ts';
import { toast } from '../../ui/toast-store.ts';
import { type AdminSongChange, applyToAdminSongs } from './admin-song-cache.ts';
import { count, describeFailure, progressText, runChunked } from './chunked-bulk.ts';

export type BulkKind = BulkAction;

const TEXTS: Record<BulkKind, { verb: string; success: string; failure: string }> = {
  publish: { verb: 'Publishing', success: 'Songs published!', failure: 'Failed to publish songs' },
  unpublish: { verb: 'Unpublishing', success: 'Songs unpublished!', failure: 'Failed to unpublish songs' },
  delete: { verb: 'Deleting', success: 'Songs moved to deleted!', failure: 'Failed to delete songs' },
  explicit: { verb: 'Marking explicit', success: 'Songs marked explicit!', failure: 'Failed to mark songs explicit' },
  clean: { verb: 'Marking not explicit', success: 'Songs marked not explicit!', failure: 'Failed to mark songs not explicit' },
};

/** What each action changes in a song the server accepted it for. */
const AFTER: Record<BulkKind, AdminSongChange> = {
  publish: (song) => ({ ...song, status: 'published' }),
  unpublish: (song) => ({ ...song, status: 'pending' }),
  delete: 'removed',
  explicit: (song) => ({ ...song, explicit: true }),
  clean: (song) => ({ ...song, explicit: false }),
};

/** Bulk assign is one PATCH per song: this many in flight at once. */
export const ASSIGN_CONCURRENCY = 6;

export interface BulkProgress {
  text: string;
  value: number;
  total: number;
}

/**
 * The bulk bar's actions over the selected ids, with progress and a report of what failed
 * (what succeeded stays done and leaves the selection; the failed songs stay selected).
 */
export function useBulkActions(onDone: (ids: readonly number[]) => void) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [report, setReport] = useState<string[]>([]);

  const finish = useCallback(
    (done: readonly number[], change: AdminSongChange) => {
      applyToAdminSongs(queryClient, new Set(done), change);
      onDone(done);
      setProgress(null);
    },
    [queryClient, onDone],
  );

  const run = useCallback(
    async (kind: BulkKind, ids: readonly number[]) => {
      const texts = TEXTS[kind];
      setReport([]);
      const result = await runChunked(
        ids,
        (songIds) => songApi.bulk(kind, songIds),
        (end, total) => setProgress({ text: progressText(texts.verb, end, total), value: end, total }),
      );
      finish(result.done, AFTER[kind]);
      if (result.failed.length === 0) toast({ title: texts.success });
      else {
        toast({ title: 'Error', description: texts.failure, variant: 'destructive' });
        setReport(result.failed.map((failure) => describeFailure(failure, ids.length)));
      }
    },
    [finish],
  );

  const assign = useCallback(
    async (album: { id: number; name: string }, ids: readonly number[]) => {
      setReport([]);
      const { failures } = await runBounded(ids, ASSIGN_CONCURRENCY, (id) => songApi.update(id, { albumId: album.id }), {
        onSettled: (settled, total) => setProgress({ text: progressText('Assigning', settled, total), value: settled, total }),
      });
      const failed = new Set(failures.map((f) => f.item));
      finish(ids.filter((id) => !failed.has(id)), (song) => ({ ...song, albumId: album.id, albumName: album.name }));
      if (failures.length === 0) toast({ title: 'Album assigned!' });
      else {
        toast({ title: 'Error', description: 'Failed to assign album', variant: 'destructive' });
        const which = failures.length === ids.length ? (ids.length === 1 ? 'The song' : `All ${count(ids.length)} songs`) : `${count(failures.length)} of ${count(ids.length)} songs`;
        setReport([`${which} failed: ${failureMessage(failures[0]!.error)}`]);
      }
    },
    [finish],
  );

  return { progress, report, dismissReport: useCallback(() => setReport([]), []), run, assign };
}
