import type { SongListCache, SongListEncoding, SongListView, SongListViewer } from '../../src/services/catalogue/song-list-cache.ts';

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

/**
 * What a client takes, best first: brotli, gzip, then plain JSON (always acceptable), as
 * Accept-Encoding allows (q=0 refuses; `*` stands for the codings it does not name).
 */
export function acceptedEncodings(header: string | null): SongListEncoding[] {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (name) weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  return [...(['br', 'gzip'] as const).filter(accepts), 'identity'];
}

/** A song list as a response: 304 for a current ETag, else the cached body in the best encoding. */
export async function songListResponse(request: Request, lists: SongListCache, view: SongListView, viewer: SongListViewer): Promise<Response> {
  const headers: Record<string, string> = { 'cache-control': CACHE_CONTROL, vary: 'accept-encoding' };
  const current = lists.currentEtag(view, viewer);
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), current)) {
    return new Response(null, { status: 304, headers: { ...headers, etag: current } });
  }
  const body = await lists.body(view, acceptedEncodings(request.headers.get('accept-encoding')), viewer);
  headers.etag = body.etag;
  headers['content-type'] = 'application/json; charset=utf-8';
  if (body.encoding !== 'identity') headers['content-encoding'] = body.encoding;
  return new Response(body.bytes, { headers });
}
