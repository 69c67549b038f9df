import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { ROOT } from '../../src/render/build-paths.ts';

const PUBLIC_DIR = join(ROOT, 'public');

/** A file strictly under `root`, or null: decoded path params may carry `..`. */
export function fileUnder(root: string, relativePath: string): string | null {
  if (relativePath.includes('\0')) return null;
  const path = resolve(root, relativePath);
  if (!path.startsWith(root + sep)) return null;
  if (!existsSync(path) || !statSync(path).isFile()) return null;
  return path;
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });

const acceptsGzip = (request: Request) => /\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '');

/**
 * Hashed bundle files never change: cache them for a year. Scripts, styles and the offline
 * documents go gzipped when the browser accepts it (the build writes a `.gz` beside each).
 */
export function serveAsset(assetsDir: string, relativePath: string, request?: Request): Response {
  const path = fileUnder(assetsDir, relativePath);
  if (!path || path.endsWith('.gz')) return notFound();
  const headers: Record<string, string> = { 'cache-control': 'public, max-age=31536000, immutable', vary: 'accept-encoding' };
  const gzipped = request && acceptsGzip(request) && existsSync(`${path}.gz`);
  if (!gzipped) return new Response(Bun.file(path), { headers });
  const type = Bun.file(path).type;
  return new Response(Bun.file(`${path}.gz`), { headers: { ...headers, 'content-type': type, 'content-encoding': 'gzip' } });
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

/** Hand-written files in public/ (icons, manifest, robots.txt): revalidated daily. */
export function servePublic(relativePath: string): Response {
  const path = fileUnder(PUBLIC_DIR, relativePath);
  if (!path || path.endsWith('README.md')) return notFound();
  const type = Object.entries(CONTENT_TYPES).find(([ext]) => path.endsWith(ext))?.[1];
  const headers: Record<string, string> = { 'cache-control': 'public, max-age=86400' };
  if (type) headers['content-type'] = type;
  return new Response(Bun.file(path), { headers });
}
