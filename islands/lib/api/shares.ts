import { apiRequest } from './request.ts';

/**
 * `POST /api/temp-share`: the Share Audio page's one request. Kept apart from the admins'
 * temp-shares.ts so the share page loads no react-query and nothing of the signed-in app.
 */
export const sharePaths = {
  create: '/api/temp-share',
  /** A shared song's lyrics, for guests: the song share itself, or one song of an album or playlist share. */
  lyrics: (kind: 'song' | 'album' | 'playlist', shareId: string, songId: number) =>
    kind === 'song' ? `/api/share/song/${encodeURIComponent(shareId)}/lyrics` : `/api/share/${kind}/${encodeURIComponent(shareId)}/songs/${songId}/lyrics`,
};

export const shareApi = {
  /** The form carries file, title, sharedBy and expiresIn. */
  create: (form: FormData) => apiRequest(sharePaths.create, { method: 'POST', body: form, expect: 'tempShare' }),
  /** A path from `sharePaths.lyrics`, which the share page hands its player. */
  lyrics: (path: string) => apiRequest(path, { expect: 'lyrics' }),
};
