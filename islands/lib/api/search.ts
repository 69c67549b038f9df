import { apiRequest } from './request.ts';

/** `/api/search?q=`: published songs matching a term. */
export const searchPaths = {
  songs: (q: string) => `/api/search?${new URLSearchParams({ q })}`,
};

export const searchKeys = {
  songs: (q: string) => ['search', q] as const,
};

export const searchApi = {
  songs: (q: string, signal?: AbortSignal) => apiRequest(searchPaths.songs(q), { signal, expect: 'searchResult' }),
};
