import { statSync } from 'node:fs';
import { NotFoundError } from '../src/errors.ts';

export interface FileResponseOptions {
  /** Content hash: an ETag that never changes for these bytes. */
  etag: string;
  contentType: string;
  cacheControl: string;
  /** Given for content-addressed files (bytes never change): their stat is reused from it for a while. */
  stats?: StatCache;
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

const FACTS_TTL_MS = 10_000;
const FACTS_MAX = 512;

/**
 * Stat results for recently served audio, owned by the routes that serve it. Every 1 MiB range
 * of a song asks again, and the files are content-addressed (their bytes never change), so a
 * few seconds' reuse is safe: a file is only deleted once no row references it, which the
 * access check sees first. (Images are public by hash with no row check: stat'ed every time.)
 */
export function createStatCache() {
  const facts = new Map<string, FileFacts>();
  return {
    /** The facts of `path`, fresh or from the last few seconds; null when it is no file. */
    get(path: string): FileFacts | null {
      const now = performance.now();
      const known = facts.get(path);
      if (known && now - known.checkedAt < FACTS_TTL_MS) return known;
      const fresh = statFile(path, now);
      if (!fresh) {
        facts.delete(path);
        return null;
      }
      if (facts.size >= FACTS_MAX) facts.clear();
      facts.set(path, fresh);
      return fresh;
    },
  };
}

export type StatCache = ReturnType<typeof createStatCache>;

function statFile(path: string, now = performance.now()): FileFacts | null {
  // A synchronous stat is a few microseconds; the async one costs a thread-pool round trip.
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat?.isFile()) return null;
  return { size: stat.size, lastModified: new Date(stat.mtimeMs).toUTCString(), checkedAt: now };
}

const matchesEtag = (header: string | null, etag: string) =>
  !!header && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');

/**
 * A stored file as a response. Bun applies Range itself to a returned file (206, suffix and
 * open ranges, 416), so the file is returned whole (docs/architecture.md); we add the validators:
 * ETag, Last-Modified, 304 for If-None-Match, and If-Range (a stale validator gets all bytes).
 */
export async function fileResponse(request: Request, path: string, options: FileResponseOptions): Promise<Response> {
  const stat = options.stats ? options.stats.get(path) : statFile(path);
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
