import { type QueryClient, useQueries, useQueryClient } from '@tanstack/react-query';
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
  const queryClient = useQueryClient();
  // While a new window is read (another filter or sort), the rows already read elsewhere stand in:
  // a row on screen stays itself, an expanded one keeps what is being typed into its form.
  const known = useMemo(() => readRows(queryClient), [queryClient, windows]);
  const { pages, answered } = useQueries({
    queries: windows.map((window) => ({ ...adminRowsQuery(window), placeholderData: () => knownOf(known, window) })),
    combine: (results) => ({ pages: results.map((result) => result.data), answered: results.map((result) => !result.isPlaceholderData) }),
  });
  // A window answered short holds songs trashed since the order was read: the order is read again
  // (once per window), else their rows stay placeholders and Select All still sends them.
  const reported = useRef(new Set<string>());
  useEffect(() => {
    windows.forEach((window, i) => {
      const key = window.join(',');
      if (answered[i] && pages[i] && pages[i].length < window.length && !reported.current.has(key)) {
        reported.current.add(key);
        void queryClient.invalidateQueries({ queryKey: songKeys.adminIdsAll });
      }
    });
  }, [windows, pages, answered, queryClient]);
  return useMemo(() => {
    const rows = new Map<number, SongDto>();
    for (const page of pages) for (const song of page ?? []) rows.set(song.id, song);
    return rows;
  }, [pages]);
}

/** Every row of Manage Songs' windows read so far, by id. */
function readRows(queryClient: QueryClient): ReadonlyMap<number, SongDto> {
  const rows = new Map<number, SongDto>();
  for (const [, page] of queryClient.getQueriesData<SongDto[]>({ queryKey: songKeys.adminRowsAll })) for (const song of page ?? []) rows.set(song.id, song);
  return rows;
}

/** The rows of `ids` already read, in order; none read, nothing (the window shows placeholders). */
function knownOf(known: ReadonlyMap<number, SongDto>, ids: readonly number[]): SongDto[] | undefined {
  const found = ids.flatMap((id) => known.get(id) ?? []);
  return found.length > 0 ? found : undefined;
}
