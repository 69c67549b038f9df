import { useQuery } from '@tanstack/react-query';
import type { BulkSongs, SongPatch, SongStatus, SongStatusChange } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';
import { type BulkAction, songPaths } from './song-paths.ts';

export type { BulkAction };

/** `/api/songs/*`: the library, the admins' song list, one song's writes and the bulk actions (paths in song-paths.ts). */
export const songKeys = {
  library: ['songs'] as const,
  /** Admins' list of every song; invalidating `library` refreshes it too. */
  all: ['songs', 'all'] as const,
};

/** The library read: every published song, sorted by title by the server. */
export const librarySongsQuery = {
  queryKey: songKeys.library,
  queryFn: () => apiRequest(songPaths.library, { expect: 'songs' }),
};

export function useLibrarySongs() {
  return useQuery(librarySongsQuery);
}

/** Admin: every song, pending and published. */
export function useAdminSongs() {
  return useQuery({ queryKey: songKeys.all, queryFn: () => apiRequest(songPaths.all, { expect: 'songs' }) });
}

export const songApi = {
  update: (id: number, patch: SongPatch) => apiRequest(songPaths.one(id), { method: 'PATCH', body: patch, expect: 'song' }),
  setStatus: (id: number, status: SongStatus) => apiRequest(songPaths.status(id), { method: 'PATCH', body: { status } satisfies SongStatusChange, expect: 'song' }),
  /** Moves the song to the trash. */
  remove: (id: number) => apiRequest(songPaths.one(id), { method: 'DELETE' }),
  replaceAudio: (id: number, file: File) => {
    const body = new FormData();
    body.set('file', file);
    return apiRequest(songPaths.audio(id), { method: 'PATCH', body, expect: 'song' });
  },
  /** One request for up to the server's cap of ids; all or nothing. */
  bulk: (action: BulkAction, songIds: number[]) => apiRequest(songPaths.bulk(action), { method: 'POST', body: { songIds } satisfies BulkSongs, expect: 'bulkResult' }),
  restore: (id: number) => apiRequest(songPaths.restore(id), { method: 'POST', expect: 'song' }),
  deleteForever: (id: number) => apiRequest(songPaths.permanent(id), { method: 'DELETE' }),
};
