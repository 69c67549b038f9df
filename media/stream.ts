import { statSync } from 'node:fs';
import { NotFoundError } from '../src/errors.ts';

export interface FileResponseOptions {
  /** Content hash: an ETag that never changes for these bytes. */
  etag: string;
  contentType: string;
  cacheControl: string;
  /** Content-addressed storage (bytes never change): its stat may be reused for a while. */
  immutable?: boolean;
}

// Bun answers one well-formed byte range of a GET itself (206, or 416) and then adds its own
// Accept-Ranges: ours goes only on the answers it leaves alone, so the header appears once.
function bunAppliesRange(request: Request): boolean {
  const match = request.method === 'GET' ? /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') ?? '') : null;
  if (!match || (match[1] === '' && match[2] === '')) return false;
  return match[1] === '' || match[2] === '' || Number(match[1]) <= Number(match[2]);
}

interface FileFacts {
  size: number;
  lastModified: string;
  checkedAt: number;
}

/**
 * Stat results for recently served audio. Every 1 MiB range of a song asks again, and the
 * files are content-addressed (their bytes never change), so a few seconds' reuse is safe:
 * a file is only deleted once no row references it, which the access check sees first.
 * (Images are public by hash with no row check, so they are stat'ed every time.)
 */
const facts = new Map<string, FileFacts>();
const FACTS_TTL_MS = 10_000;
const FACTS_MAX = 512;

function fileFacts(path: string, reuse: boolean): FileFacts | null {
  const now = performance.now();
  const known = reuse ? facts.get(path) : undefined;
  if (known && now - known.checkedAt < FACTS_TTL_MS) return known;
  // A synchronous stat is a few microseconds; the async one costs a thread-pool round trip.
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat?.isFile()) {
    facts.delete(path);
    return null;
  }
  const fresh = { size: stat.size, lastModified: new Date(stat.mtimeMs).toUTCString(), checkedAt: now };
  if (!reuse) return fresh;
  if (facts.size >= FACTS_MAX) facts.clear();
  facts.set(path, fresh);
  return fresh;
}

const matchesEtag = (header: string | null, etag: string) =>
  !!header && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');

/**
 * A stored file as a response. Bun applies Range itself to a returned file (206, suffix and
 * open ranges, 416), so the file is returned whole (design §6); we add the validators:
 * ETag, Last-Modified, 304 for If-None-Match, and If-Range (a stale validator gets all bytes).
 */
export async function fileResponse(request: Request, path: string, options: FileResponseOptions): Promise<Response> {
  const stat = fileFacts(path, options.immutable === true);
  if (!stat) throw new NotFoundError('File not found');
  const etag = `"${options.etag}"`;
  const lastModified = stat.lastModified;
  const headers = new Headers({
    etag,
    'last-modified': lastModified,
    'cache-control': options.cacheControl,
    'accept-ranges': 'bytes',
    'content-type': options.contentType,
  });
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const ifRange = request.headers.get('if-range');
  if (ifRange && request.headers.has('range') && ifRange !== etag && ifRange !== lastModified) {
    // The client's copy is stale: send every byte, unranged (a stream is never range-sliced).
    headers.set('content-length', String(stat.size));
    return new Response(request.method === 'HEAD' ? null : Bun.file(path).stream(), { status: 200, headers });
  }
  if (bunAppliesRange(request)) headers.delete('accept-ranges');
  return new Response(Bun.file(path), { headers });
}
