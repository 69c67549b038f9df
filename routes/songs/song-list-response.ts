import type { SongListCache, SongListView } from '../../src/services/catalogue/song-list-cache.ts';

// Private: the lists need a session. no-cache: the browser keeps its copy but asks each time,
// and a matching If-None-Match costs one indexed read and no body.
const CACHE_CONTROL = 'private, no-cache';

/** If-None-Match with weak comparison (RFC 9110 §13.1.2): a list of tags, or `*`. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/** A song list as a response: 304 for a current ETag, else the cached gzip (or plain JSON). */
export function songListResponse(request: Request, lists: SongListCache, view: SongListView): Response {
  const headers: Record<string, string> = { 'cache-control': CACHE_CONTROL, vary: 'accept-encoding' };
  const current = lists.currentEtag(view);
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), current)) {
    return new Response(null, { status: 304, headers: { ...headers, etag: current } });
  }
  const body = lists.body(view);
  headers.etag = body.etag;
  headers['content-type'] = 'application/json; charset=utf-8';
  if (!/\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '')) {
    return new Response(Bun.gunzipSync(body.gzip), { headers });
  }
  headers['content-encoding'] = 'gzip';
  return new Response(body.gzip, { headers });
}
