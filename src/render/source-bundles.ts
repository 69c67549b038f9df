import { join } from 'node:path';
import { ensureBuilt } from '../compose/build.ts';
import { SERVICE_WORKER_FILE } from '../pwa/sw-build.ts';
import { ROOT } from './build-paths.ts';
import { type BuiltBundles, folderFiles } from './bundles.ts';

/**
 * From a checkout: the build in build/ (made first when missing or stale, `announce` told), its
 * RSC bundle, and the island sources imported for server rendering.
 */
export async function loadSourceBundles(announce?: (line: string) => void): Promise<BuiltBundles> {
  const { dir, manifest } = await ensureBuilt(undefined, announce);
  const rsc = (await import(join(dir, manifest.rscEntry))) as BuiltBundles['rsc'];
  const ssrModules: Record<string, unknown> = {};
  for (const source of manifest.clientModules) ssrModules[source] = await import(join(ROOT, source));
  return {
    manifest,
    rsc,
    ssrModules,
    assets: folderFiles(join(dir, 'public')),
    serviceWorker: join(dir, SERVICE_WORKER_FILE),
    publicFiles: folderFiles(join(ROOT, 'public')),
  };
}
