import { Elysia } from 'elysia';

const MIN_BYTES = 1024;

const isPlainJson = (value: unknown): value is object =>
  Array.isArray(value) || (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype);

/**
 * Gzips JSON bodies above 1 KiB when the client accepts gzip (the 50,000-song library is ~20 MiB
 * raw). Level 1: on this data it is ~4× faster than the default for a few percent more bytes.
 * Files, streams and Responses pass untouched (audio ranges must not be re-encoded).
 */
export function compressionPlugin() {
  return new Elysia({ name: 'compression' })
    .mapResponse(({ request, responseValue, set }) => {
      if (!isPlainJson(responseValue)) return;
      if (!/\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '')) return;
      const text = JSON.stringify(responseValue);
      if (text.length < MIN_BYTES) return;
      set.headers['content-type'] = 'application/json; charset=utf-8';
      set.headers['content-encoding'] = 'gzip';
      set.headers.vary = 'accept-encoding';
      return new Response(Bun.gzipSync(text, { level: 1 }), {
        status: typeof set.status === 'number' ? set.status : 200,
        headers: set.headers as Record<string, string>,
      });
    })
    .as('global');
}
