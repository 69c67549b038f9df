import type { QueryClient } from '@tanstack/react-query';
import type { AdminSongIdsDto } from '../../../src/shared/schemas/song.ts';
import type { SongDto } from '../../../src/shared/types.ts';
import { albumKeys } from '../../lib/api/albums.ts';
import { songKeys } from '../../lib/api/songs.ts';

/** What a write the server accepted did to its songs: changed them, or took them out of the list. */
export type AdminSongChange = ((song: SongDto) => SongDto) | 'removed';

/**
 * Applies an accepted write to Manage Songs' cached rows (and, for songs that left the list, to
 * every cached order) at once; then every song list and the albums (their artwork and visibility
 * follow the songs) are read again, Manage Songs' orders included.
 */
export function applyToAdminSongs(queryClient: QueryClient, ids: ReadonlySet<number>, change: AdminSongChange): void {
  if (ids.size > 0) {
    queryClient.setQueriesData<SongDto[]>({ queryKey: songKeys.adminRowsAll }, (rows) =>
      rows?.flatMap((song) => (!ids.has(song.id) ? [song] : change === 'removed' ? [] : [change(song)])),
    );
    if (change === 'removed') {
      queryClient.setQueriesData<AdminSongIdsDto>({ queryKey: songKeys.adminIdsAll }, (order) => {
        if (!order) return order;
        const kept = order.ids.filter((id) => !ids.has(id));
        return { ids: kept, total: Math.max(0, order.total - (order.ids.length - kept.length)) };
      });
    }
  }
  void queryClient.invalidateQueries({ queryKey: songKeys.library });
  void queryClient.invalidateQueries({ queryKey: albumKeys.list });
}
