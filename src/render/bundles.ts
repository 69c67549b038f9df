import { existsSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { BuildManifest } from './build-paths.ts';
import type { RenderFlight } from './renderer.tsx';

/** Files of one folder by relative path: a folder on disk, or files compiled into the binary. */
export interface FileSource {
  /** A path Bun.file can read for `relativePath`, or null when there is no such file. */
  find(relativePath: string): string | null;
}

/**
 * Everything a running server needs of the build: the manifest, the RSC bundle's entry, the client
 * modules the pages reference, for server rendering, and the files it serves. From a checkout
 * these come from build/ (built when stale, src/render/source-bundles.ts); in the single binary
 * they are compiled in (src/compose/release/), so nothing is read from a source tree or built at
 * run time.
 */
export interface BuiltBundles {
  manifest: BuildManifest;
  rsc: { renderFlight: RenderFlight };
  /** Each client module the pages reference (by its manifest id), already imported: SSR resolves references to them. */
  ssrModules: Record<string, unknown>;
  /** The build's browser files, served under /assets/ (hashed bundles, CSS, offline documents). */
  assets: FileSource;
  /** The built service worker script. */
  serviceWorker: string;
  /** The hand-written files of public/ (icons, web manifest, robots.txt). */
  publicFiles: FileSource;
}

/** A file strictly under `root`, or null: decoded path params may carry `..`. */
function fileUnder(root: string, relativePath: string): string | null {
  if (relativePath.includes('\0')) return null;
  const path = resolve(root, relativePath);
  if (!path.startsWith(root + sep)) return null;
  if (!existsSync(path) || !statSync(path).isFile()) return null;
  return path;
}

export const folderFiles = (root: string): FileSource => ({ find: (relativePath) => fileUnder(root, relativePath) });

/** Files compiled into the binary: their relative paths → where the binary keeps them. */
export const compiledFiles = (files: Record<string, string>): FileSource => ({
  find: (relativePath) => (Object.hasOwn(files, relativePath) ? files[relativePath]! : null),
});

let loaded: Promise<BuiltBundles> | null = null;
let compiledIn: (() => Promise<BuiltBundles>) | null = null;

/**
 * The single binary's entry hands over how to load the bundles compiled into it: evaluating React,
 * the RSC bundle and the referenced islands takes a few hundred ms, so they load at first use, not
 * at start.
 */
export function useCompiledBundles(load: () => Promise<BuiltBundles>): void {
  compiledIn = load;
  loaded = null;
}

/**
 * The bundles, loaded once: compiled in, or (from a checkout) built when stale and loaded;
 * `announce` hears when a build starts and ends.
 */
export function loadBundles(announce?: (line: string) => void): Promise<BuiltBundles> {
  loaded ??= (compiledIn ? compiledIn() : loadFromCheckout(announce)).catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

async function loadFromCheckout(announce?: (line: string) => void): Promise<BuiltBundles> {
  // The binary defines HEARTH_BINARY, so the bundler drops this branch and the whole build
  // toolchain behind it (src/compose/build.ts, UnoCSS, Serwist's build) stays out of the binary.
  if (typeof HEARTH_BINARY === 'undefined') {
    const { loadSourceBundles } = await import('./source-bundles.ts');
    return loadSourceBundles(announce);
  }
  throw new Error('This binary was built without its bundles.');
}
