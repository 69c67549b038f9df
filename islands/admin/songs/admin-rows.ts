import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { SONGS_BY_ID_MAX } from '../../../src/shared/library-pages.ts';
import type { SongDto } from '../../../src/shared/types.ts';
import { adminRowsQuery, songKeys } from '../../lib/api/songs.ts';

/** Manage Songs reads its rows this many ids at a time (the server's cap per request). */
export const ROWS_WINDOW = SONGS_BY_ID_MAX / 2;
/** Rows read beyond those rendered, either way, so a steady scroll rarely meets a placeholder. */
const READ_AHEAD = 40;

/**
 * The songs of the rows around `first`…`last` (indexes into the order), fetched by id in fixed
 * windows of the order, so a scroll back finds them cached and a 100,000-song list is never read whole.
 */
export function useAdminRows(ids: readonly number[], first: number, last: number): ReadonlyMap<number, SongDto> {
  const from = Math.floor(Math.max(0, first - READ_AHEAD) / ROWS_WINDOW);
  const to = Math.floor(Math.max(0, Math.min(ids.length - 1, last + READ_AHEAD)) / ROWS_WINDOW);
  const windows = useMemo(() => {
    const out: number[][] = [];
    for (let w = from; w <= to && w * ROWS_WINDOW < ids.length; w++) out.push(ids.slice(w * ROWS_WINDOW, (w + 1) * ROWS_WINDOW));
    return out;
  }, [ids, from, to]);
  const pages = useQueries({ queries: windows.map((window) => adminRowsQuery(window)), combine: (results) => results.map((result) => result.data) });
  // A window answered short holds songs trashed since the order was read: the order is read again
  // (once per window), else their rows stay placeholders and Select All still sends them.
  const queryClient = useQueryClient();
  const reported = useRef(new Set<string>());
  useEffect(() => {
    windows.forEach((window, i) => {
      const key = window.join(',');
      if (pages[i] && pages[i].length < window.length && !reported.current.has(key)) {
        reported.current.add(key);
        void queryClient.invalidateQueries({ queryKey: songKeys.adminIdsAll });
      }
    });
  }, [windows, pages, queryClient]);
  return useMemo(() => {
    const rows = new Map<number, SongDto>();
    for (const page of pages) for (const song of page ?? []) rows.set(song.id, song);
    return rows;
  }, [pages]);
}
