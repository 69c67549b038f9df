import { useQuery } from '@tanstack/react-query';
import type { AlbumName } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/** `/api/albums/*`: the albums, one album and its songs, the admins' writes. */
export const albumPaths = {
  list: '/api/albums',
  one: (id: string | number) => `/api/albums/${encodeURIComponent(id)}`,
  songs: (id: string | number) => `/api/albums/${encodeURIComponent(id)}/songs`,
  restore: (id: number) => `/api/albums/${id}/restore`,
  permanent: (id: number) => `/api/albums/${id}/permanent`,
};

export const albumKeys = {
  list: ['albums'] as const,
  one: (id: string) => ['albums', id] as const,
  songs: (id: string) => ['albums', id, 'songs'] as const,
};

export function useAlbums({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: albumKeys.list, queryFn: () => apiRequest(albumPaths.list, { expect: 'albums' }), enabled });
}

/** One album; a missing or trashed one is an ApiError with status 404 ('Album not found'). */
export function useAlbum(id: string) {
  return useQuery({ queryKey: albumKeys.one(id), queryFn: () => apiRequest(albumPaths.one(id), { expect: 'album' }) });
}

/** An album's songs in album order (albumOrder, then title), as the server sorts them. */
export function useAlbumSongs(id: string) {
  return useQuery({ queryKey: albumKeys.songs(id), queryFn: () => apiRequest(albumPaths.songs(id), { expect: 'songs' }) });
}

export const albumApi = {
  create: (name: string) => apiRequest(albumPaths.list, { method: 'POST', body: { name } satisfies AlbumName, expect: 'album' }),
  rename: (id: number, name: string) => apiRequest(albumPaths.one(id), { method: 'PATCH', body: { name } satisfies AlbumName, expect: 'album' }),
  /** Moves the album to the trash; its songs stay. */
  remove: (id: number) => apiRequest(albumPaths.one(id), { method: 'DELETE' }),
  restore: (id: number) => apiRequest(albumPaths.restore(id), { method: 'POST', expect: 'album' }),
  deleteForever: (id: number) => apiRequest(albumPaths.permanent(id), { method: 'DELETE' }),
};
