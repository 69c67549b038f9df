import { existsSync } from 'node:fs';
import type { FileSource } from '../../src/render/bundles.ts';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });

const acceptsGzip = (request: Request) => /\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '');

/**
 * Hashed bundle files never change: cache them for a year. Scripts, styles and the offline
 * documents go gzipped when the browser accepts it (the build writes a `.gz` beside each).
 */
export function serveAsset(assets: FileSource, relativePath: string, request?: Request): Response {
  const path = relativePath.endsWith('.gz') ? null : assets.find(relativePath);
  if (!path) return notFound();
  const headers: Record<string, string> = { 'cache-control': 'public, max-age=31536000, immutable', vary: 'accept-encoding' };
  const gzipped = request && acceptsGzip(request) ? assets.find(`${relativePath}.gz`) : null;
  if (!gzipped) return new Response(Bun.file(path), { headers: { ...headers, 'content-type': typeOf(relativePath) } });
  return new Response(Bun.file(gzipped), { headers: { ...headers, 'content-type': typeOf(relativePath), 'content-encoding': 'gzip' } });
}

/**
 * The service worker: scope `/` (Service-Worker-Allowed says so explicitly), and never kept in
 * the HTTP cache, so an update check always sees the current build's worker.
 */
export function serveServiceWorker(path: string): Response {
  if (!existsSync(path)) return notFound();
  return new Response(Bun.file(path), {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-store',
      'service-worker-allowed': '/',
    },
  });
}

const CONTENT_TYPES: Record<string, string> = { '.webmanifest': 'application/manifest+json' };

/**
 * By the served name, not the stored one: a file compiled into the binary is kept under a
 * hashed name (`.js.gz` for a gzipped copy), so its extension may not tell.
 */
function typeOf(name: string): string {
  const own = Object.entries(CONTENT_TYPES).find(([ext]) => name.endsWith(ext))?.[1];
  return own ?? Bun.file(name.replace(/\.gz$/, '')).type;
}

/** Hand-written files in public/ (icons, manifest, robots.txt): revalidated daily. */
export function servePublic(publicFiles: FileSource, relativePath: string): Response {
  const path = relativePath.endsWith('README.md') ? null : publicFiles.find(relativePath);
  if (!path) return notFound();
  return new Response(Bun.file(path), { headers: { 'cache-control': 'public, max-age=86400', 'content-type': typeOf(relativePath) } });
}
