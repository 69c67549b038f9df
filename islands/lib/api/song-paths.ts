/**
 * `/api/songs/*`, apart from songs.ts (its reads and writes) because the offline app's boot
 * preloads the library with no react-query loaded yet (islands/pwa/offline-start.ts).
 */
export type BulkAction = 'publish' | 'unpublish' | 'delete' | 'explicit' | 'clean';

export const songPaths = {
  /** One page of the library (songs holding `search` only, when given): the first (the server's size), or `limit` songs after a cursor. */
  page: (after: string | null, limit?: number, term = '') => {
    const query = new URLSearchParams();
    if (after !== null) query.set('after', after);
    if (limit !== undefined) query.set('limit', String(limit));
    if (term.trim()) query.set('q', term.trim());
    const search = query.toString();
    return search ? `/api/songs/page?${search}` : '/api/songs/page';
  },
  /** Manage Songs: the admin list's ids in the order shown (album filter and sort), then rows by id. */
  adminIds: (album: string, sort: string) => `/api/songs/all/ids?${new URLSearchParams({ album, sort })}`,
  adminRows: (ids: readonly number[]) => `/api/songs/all/rows?ids=${ids.join(',')}`,
  /** Which of these songs the user's library holds now. */
  visible: (ids: readonly number[]) => `/api/songs/visible?ids=${ids.join(',')}`,
  one: (id: number) => `/api/songs/${id}`,
  status: (id: number) => `/api/songs/${id}/status`,
  audio: (id: number) => `/api/songs/${id}/audio`,
  lyrics: (id: number) => `/api/songs/${id}/lyrics`,
  bulk: (action: BulkAction) => `/api/songs/bulk/${action}`,
  restore: (id: number) => `/api/songs/${id}/restore`,
  permanent: (id: number) => `/api/songs/${id}/permanent`,
};

