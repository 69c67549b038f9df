import { NotFoundError } from '../src/errors.ts';
import type { AudioStore, StoredFacts } from './storage.ts';

export interface ObjectResponseOptions {
  etag: string;
  contentType: string;
  cacheControl: string;
  facts: ObjectFactsCache;
}

/** Presigned links live this long: enough to start a song and seek in it, short enough to leak little. */
export const PRESIGNED_SECONDS = 300;
/** A proxied range holds at most this much in memory; a longer ask gets a shorter 206 (the player asks on). */
export const PROXY_RANGE_MAX = 8 * 1024 * 1024;

const FACTS_TTL_MS = 10_000;

/** Object facts for a few seconds: each 1 MiB range would otherwise ask the bucket again (bytes never change). */
export function createObjectFactsCache(store: AudioStore) {
  const facts = new Map<string, { value: StoredFacts; at: number }>();
  return async (hash: string): Promise<StoredFacts | null> => {
    const known = facts.get(hash);
    if (known && performance.now() - known.at < FACTS_TTL_MS) return known.value;
    const value = await store.stat(hash);
    if (facts.size >= 512) facts.clear();
    if (value) facts.set(hash, { value, at: performance.now() });
    else facts.delete(hash);
    return value;
  };
}
export type ObjectFactsCache = ReturnType<typeof createObjectFactsCache>;

/** One `bytes=` range as [start, end] inclusive; 'whole' for none or several; 'unsatisfiable' → 416. */
export function parseRange(header: string | null, size: number): [number, number] | 'whole' | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  if (match[1] === '') {
    const length = Math.min(Number(match[2]), size);
    return length === 0 ? 'unsatisfiable' : [size - length, size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return start > end ? 'whole' : [start, end];
}

const matchesEtag = (header: string | null, etag: string) =>
  !!header && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');

/** A bucket's audio through Hearth: the same validators and ranges as a file on disk (media/stream.ts). */
export async function proxiedObjectResponse(request: Request, store: AudioStore, hash: string, options: ObjectResponseOptions): Promise<Response> {
  const facts = await options.facts(hash);
  if (!facts) throw new NotFoundError('File not found');
  const etag = `"${options.etag}"`;
  const lastModified = new Date(facts.mtimeMs).toUTCString();
  const headers = new Headers({ etag, 'last-modified': lastModified, 'cache-control': options.cacheControl, 'accept-ranges': 'bytes', 'content-type': options.contentType });
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const ifRange = request.headers.get('if-range');
  const stale = ifRange !== null && ifRange !== etag && ifRange !== lastModified;
  const range = request.method === 'GET' && !stale ? parseRange(request.headers.get('range'), facts.size) : 'whole';
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${facts.size}`);
    return new Response(null, { status: 416, headers });
  }
  const blob = store.blob(hash);
  if (range === 'whole') {
    headers.set('content-length', String(facts.size));
    return new Response(request.method === 'HEAD' ? null : blob.stream(), { status: 200, headers });
  }
  const [start] = range;
  const end = Math.min(range[1], start + PROXY_RANGE_MAX - 1);
  headers.set('content-range', `bytes ${start}-${end}/${facts.size}`);
  // Read whole (bounded above) so the answer carries its Content-Length: Bun drops it on streams.
  const bytes = new Uint8Array(await blob.slice(start, end + 1).arrayBuffer());
  return new Response(bytes, { status: 206, headers });
}

/** S3_PUBLIC_URLS: access was checked by the caller; the player fetches the bytes (and ranges) from the bucket. */
export function presignedRedirect(store: AudioStore, hash: string): Response {
  return new Response(null, { status: 302, headers: { location: store.location(hash, PRESIGNED_SECONDS), 'cache-control': 'private, no-store' } });
}
