import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root (this file lives in src/render/). */
export const ROOT = resolve(import.meta.dir, '../..');
export const BUILD_ROOT = join(ROOT, 'build');

export type BuildMode = 'production' | 'development';

/** React's build, the bundles' NODE_ENV and the runtime's must agree (docs/architecture.md). */
export function currentMode(): BuildMode {
  return process.env.NODE_ENV === 'production' ? 'production' : 'development';
}

/** What the build writes next to the bundles; the server reads only this. */
export interface BuildManifest {
  mode: BuildMode;
  fingerprint: string;
  /** Each page's bootstrap module, a browser URL (routes/pages/bootstraps.ts). */
  pageBootstraps: Record<string, string>;
  /** Browser URL of the one stylesheet. */
  css: string;
  /** RSC bundle, relative to the build folder. */
  rscEntry: string;
  /** Source path of each client module the pages reference (relative to ROOT), sorted. */
  clientModules: string[];
  /** Browser URL → the modules it statically imports (for modulepreload). */
  imports: Record<string, string[]>;
  /** The precached offline documents and the offline app's module (src/pwa/sw-build.ts). */
  offline: { app: string; page: string; entry: string };
  /** What the service worker precaches: entries and bytes (uncompressed). */
  precache: { precached: number; bytes: number };
}

/** Files whose content decides the bundles; anything outside is external to them. */
const SOURCE_GLOBS = [
  'islands/**/*.{ts,tsx}',
  'routes/pages/**/*.{ts,tsx}',
  'src/render/**/*.{ts,tsx}',
  'src/shared/**/*.ts',
  'src/compose/build.ts',
  'src/pwa/**/*.ts',
  // Icons and the manifest are precached by the service worker: a change is a new build.
  'public/**/*',
  'uno.config.ts',
  'bun.lock',
];

function isTestFile(path: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(path);
}

export function sourceFiles(globs = SOURCE_GLOBS): string[] {
  const files = new Set<string>();
  for (const pattern of globs) {
    for (const file of new Bun.Glob(pattern).scanSync({ cwd: ROOT })) if (!isTestFile(file)) files.add(file);
  }
  return [...files].sort();
}

/** A hash of every source that goes into the bundles, plus the mode: "stale" means it changed. */
export function sourceFingerprint(mode: BuildMode): string {
  const hash = createHash('sha256').update(mode);
  for (const file of sourceFiles()) hash.update(file).update('\0').update(readFileSync(join(ROOT, file))).update('\0');
  return hash.digest('hex').slice(0, 16);
}

export function buildDir(mode: BuildMode, fingerprint: string): string {
  return join(BUILD_ROOT, `${mode}-${fingerprint}`);
}
