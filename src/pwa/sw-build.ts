import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildMode } from '../render/build-paths.ts';
import { type OfflineDocumentParts, offlineAppDocument, offlinePageDocument } from './offline-documents.ts';

const SW_SOURCE = 'islands/pwa/service-worker.ts';
/** Served at the root (scope `/`) by routes/pages/index.ts, from the build folder. */
export const SERVICE_WORKER_FILE = 'service-worker.js';
/** Bun's `[name]-[hash]` outputs and the stylesheet's name: versioned by their URL already. */
const HASHED = /-[a-z0-9]{8,}\.(js|css|html)$/;

/** Writes the offline documents into the assets folder, named by their content's hash. */
export function writeOfflineDocuments(publicDir: string, parts: OfflineDocumentParts, assetsPrefix: string) {
  const write = (stem: string, html: string) => {
    const name = `${stem}-${Bun.hash(html).toString(36)}.html`;
    writeFileSync(join(publicDir, name), html);
    return assetsPrefix + name;
  };
  return { app: write('offline-app', offlineAppDocument(parts)), page: write('offline-page', offlinePageDocument(parts)) };
}

/** Icons, the manifest and the default artwork from public/, revisioned by content (screenshots stay out). */
async function publicEntries(publicRoot: string) {
  const { getManifest } = await import('@serwist/build');
  const { manifestEntries, warnings } = await getManifest({
    globDirectory: publicRoot,
    globPatterns: ['icons/**/*.{png,svg,ico}', 'manifest.webmanifest', 'default-artwork.png'],
    globIgnores: ['**/screenshot*'],
    modifyURLPrefix: { '': '/' },
  });
  if (warnings.length > 0) throw new Error(`service worker manifest: ${warnings.join('; ')}`);
  return manifestEntries ?? [];
}

/**
 * The service worker of this build: its source bundled by Bun, then Serwist's injectManifest
 * writes the precache list (every bundle, the stylesheet, the offline documents, icons) into
 * it. A new build is a new list, so the browser sees a new worker.
 */
export async function buildServiceWorker(opts: {
  root: string;
  outDir: string;
  mode: BuildMode;
  offline: { app: string; page: string };
  assetsPrefix: string;
}): Promise<{ precached: number; bytes: number }> {
  const { root, outDir, mode } = opts;
  const bundled = await Bun.build({
    entrypoints: [join(root, SW_SOURCE)],
    target: 'browser',
    format: 'iife',
    minify: mode === 'production',
    define: {
      'process.env.NODE_ENV': JSON.stringify(mode),
      HEARTH_OFFLINE_APP: JSON.stringify(opts.offline.app),
      HEARTH_OFFLINE_PAGE: JSON.stringify(opts.offline.page),
    },
    throw: false,
  });
  if (!bundled.success) throw new Error(`Service worker build failed:\n${bundled.logs.map(String).join('\n')}`);
  const swSrc = join(outDir, 'sw-source.js');
  writeFileSync(swSrc, await bundled.outputs[0]!.text());
  // Loaded only when building: the server that finds its build ready never pays for it.
  const { injectManifest } = await import('@serwist/build');
  try {
    const result = await injectManifest({
      swSrc,
      swDest: join(outDir, SERVICE_WORKER_FILE),
      globDirectory: join(outDir, 'public'),
      globPatterns: ['**/*.{js,css,html}'],
      modifyURLPrefix: { '': opts.assetsPrefix },
      dontCacheBustURLsMatching: HASHED,
      additionalPrecacheEntries: await publicEntries(join(root, 'public')),
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    });
    if (result.warnings.length > 0) throw new Error(`service worker manifest: ${result.warnings.join('; ')}`);
    return { precached: result.count, bytes: result.size };
  } finally {
    rmSync(swSrc, { force: true });
  }
}
