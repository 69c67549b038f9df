import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  BUILD_ROOT,
  type BuildManifest,
  type BuildMode,
  ROOT,
  buildDir,
  currentMode,
  sourceFiles,
  sourceFingerprint,
} from '../render/build-paths.ts';
import { rscPlugin } from '../render/rsc-plugin.ts';
import { BOOTSTRAP_CLIENT_MODULES, PAGE_BOOTSTRAPS } from '../../routes/pages/bootstraps.ts';
import { buildServiceWorker, writeOfflineDocuments } from '../pwa/sw-build.ts';

/** Browser assets are served under this prefix from `<build>/public`. */
const ASSETS_PREFIX = '/assets/';
// Where each page kind's bootstrap (routes/pages/bootstraps.ts) is generated: not on disk, in
// memory for Bun.build, named as if it sat beside the hydration code it imports.
const bootstrapPath = (name: string) => `src/render/bootstrap-${name}.tsx`;
// The entry that knows the pages lives with them; the renderer loads what this builds.
const RSC_ENTRY = 'routes/pages/rsc-entry.tsx';
// The offline app document's module: boots the signed-in app from cached API reads.
const OFFLINE_ENTRY = 'islands/pwa/offline-start.ts';

function failed(kind: string, logs: readonly unknown[]): never {
  throw new Error(`${kind} build failed:\n${logs.map(String).join('\n')}`);
}

/**
 * Refuses a bootstrap table (routes/pages/bootstraps.ts) that no longer matches the client
 * modules the pages reference: one left out would fail to hydrate in the browser.
 */
export function checkBootstraps(referenced: readonly string[], table: Record<string, readonly string[]> = BOOTSTRAP_CLIENT_MODULES): void {
  const listed = new Set(Object.values(table).flat());
  const unlisted = referenced.filter((source) => !listed.has(source));
  const unreferenced = [...listed].filter((source) => !referenced.includes(source));
  if (unlisted.length === 0 && unreferenced.length === 0) return;
  const problems = [
    unlisted.length > 0 && `no bootstrap lists ${unlisted.join(', ')}, which the pages reference`,
    unreferenced.length > 0 && `no page references ${unreferenced.join(', ')}`,
  ].filter(Boolean);
  throw new Error(`routes/pages/bootstraps.ts is out of date: ${problems.join('; ')}`);
}

/** A bootstrap's source: its client modules, registered by source path, then hydration. */
function bootstrapSource(modules: readonly string[]): string {
  const imports = modules.map((source, i) => `import * as m${i} from '../../${source}';`);
  const registry = modules.map((source, i) => `${JSON.stringify(source)}: m${i}`).join(', ');
  return `import { hydratePage } from './client-entry.tsx';\n${imports.join('\n')}\nhydratePage({ ${registry} });\n`;
}

/**
 * Browser bundle: a bootstrap per kind of page, with the client modules its pages hydrate bundled
 * in, and the offline app's module, split and hashed. Client modules are not entries of their
 * own: every entry multiplies the shared chunks, and a fresh page load's CPU follows the count of
 * modules it fetches (decision 236). What a page loads lazily (a view, the admin area) stays a
 * chunk of its own.
 */
async function buildBrowser(outDir: string, mode: BuildMode, islands: string[]) {
  checkBootstraps(islands);
  const files = Object.fromEntries(Object.entries(BOOTSTRAP_CLIENT_MODULES).map(([name, modules]) => [join(ROOT, bootstrapPath(name)), bootstrapSource(modules)]));
  const result = await Bun.build({
    entrypoints: [...Object.keys(files), join(ROOT, OFFLINE_ENTRY)],
    files,
    root: ROOT,
    outdir: join(outDir, 'public'),
    target: 'browser',
    format: 'esm',
    splitting: true,
    minify: mode === 'production',
    naming: { entry: '[dir]/[name]-[hash].[ext]', chunk: 'chunks/[name]-[hash].[ext]', asset: 'files/[name]-[hash].[ext]' },
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    throw: false,
  });
  if (!result.success) failed('Browser', result.logs);
  const urlOf = (source: string) => {
    const stem = source.replace(/\.tsx?$/, '');
    const output = result.outputs.find((o) => o.kind === 'entry-point' && relative(join(outDir, 'public'), o.path).replace(/-[a-z0-9]+\.js$/, '') === stem);
    if (!output) throw new Error(`no browser output for ${source}`);
    return ASSETS_PREFIX + relative(join(outDir, 'public'), output.path);
  };
  const imports: Record<string, string[]> = {};
  for (const output of result.outputs) {
    if (!output.path.endsWith('.js')) continue;
    const url = ASSETS_PREFIX + relative(join(outDir, 'public'), output.path);
    const code = readFileSync(output.path, 'utf8');
    // Static imports of shared chunks, so the page can modulepreload them in parallel.
    imports[url] = [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w${},*\s]+from\s*)?["']([^"']+)["']/g)].map((m) =>
      new URL(m[1]!, `http://x${url}`).pathname,
    );
  }
  return {
    pageBootstraps: Object.fromEntries(Object.entries(PAGE_BOOTSTRAPS).map(([page, name]) => [page, urlOf(bootstrapPath(name))])),
    offlineEntry: urlOf(OFFLINE_ENTRY),
    clientModules: islands,
    imports,
  };
}

/**
 * RSC bundle: pages with React's react-server build inside, client modules as references. Returns
 * the bundle and the client modules it references, sorted.
 */
async function buildRsc(outDir: string, mode: BuildMode): Promise<{ entry: string; clientModules: string[] }> {
  const referenced = new Set<string>();
  const result = await Bun.build({
    entrypoints: [join(ROOT, RSC_ENTRY)],
    outdir: join(outDir, 'rsc'),
    target: 'bun',
    format: 'esm',
    conditions: ['react-server'],
    naming: '[name]-[hash].[ext]',
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    plugins: [rscPlugin(referenced)],
    throw: false,
  });
  if (!result.success) failed('RSC', result.logs);
  const entry = result.outputs.find((o) => o.kind === 'entry-point');
  return { entry: relative(outDir, entry!.path), clientModules: [...referenced].sort() };
}

/** One stylesheet: UnoCSS utilities found anywhere in the page and island sources. */
async function buildCss(outDir: string, mode: BuildMode): Promise<string> {
  // Loaded only to build: a server started from a checkout imports this module to find its build,
  // and UnoCSS would stay in its memory for nothing.
  const [{ createGenerator }, { unoConfig }] = await Promise.all([import('@unocss/core'), import('../../uno.config.ts')]);
  const generator = await createGenerator(unoConfig);
  const files = sourceFiles(['islands/**/*.{ts,tsx}', 'routes/pages/**/*.tsx', 'src/render/**/*.tsx', 'src/shared/app-routes.ts', 'src/pwa/**/*.ts']);
  const code = files.map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
  const { css } = await generator.generate(code, { preflights: true, minify: mode === 'production' });
  const name = `styles-${Bun.hash(css).toString(36)}.css`;
  writeFileSync(join(outDir, 'public', name), css);
  return ASSETS_PREFIX + name;
}

/** A gzipped copy beside each text asset, sent when the browser accepts it (static-files.ts). */
function gzipAssets(publicDir: string) {
  for (const file of new Bun.Glob('**/*.{js,css,html}').scanSync({ cwd: publicDir })) {
    const path = join(publicDir, file);
    writeFileSync(`${path}.gz`, Bun.gzipSync(readFileSync(path), { level: 9 }));
  }
}

/** Builds everything into a fresh folder, then moves it into place in one rename. */
export async function buildAssets(mode: BuildMode = currentMode()): Promise<{ dir: string; manifest: BuildManifest }> {
  const fingerprint = sourceFingerprint(mode);
  const finalDir = buildDir(mode, fingerprint);
  const tmpDir = join(BUILD_ROOT, `.tmp-${mode}-${crypto.randomUUID()}`);
  mkdirSync(join(tmpDir, 'public'), { recursive: true });
  try {
    const { entry: rscEntry, clientModules } = await buildRsc(tmpDir, mode);
    const browser = await buildBrowser(tmpDir, mode, clientModules);
    const css = await buildCss(tmpDir, mode);
    const { offlineEntry, ...rest } = browser;
    const development = mode === 'development';
    const offline = writeOfflineDocuments(join(tmpDir, 'public'), { css, entry: offlineEntry, preload: browser.imports[offlineEntry] ?? [], development }, ASSETS_PREFIX);
    const worker = await buildServiceWorker({ root: ROOT, outDir: tmpDir, mode, offline, assetsPrefix: ASSETS_PREFIX });
    gzipAssets(join(tmpDir, 'public'));
    const manifest: BuildManifest = { mode, fingerprint, css, rscEntry, ...rest, offline: { ...offline, entry: offlineEntry }, precache: worker };
    writeFileSync(join(tmpDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
    if (existsSync(finalDir)) rmSync(tmpDir, { recursive: true, force: true });
    else renameSync(tmpDir, finalDir);
    removeOldBuilds(mode, finalDir);
    return { dir: finalDir, manifest };
  } catch (error) {
    rmSync(tmpDir, { recursive: true, force: true });
    throw error;
  }
}

/** Older builds of the same mode; a build another live process may still use is kept (newest two). */
function removeOldBuilds(mode: BuildMode, keep: string) {
  const old = readdirSync(BUILD_ROOT)
    .filter((name) => name.startsWith(`${mode}-`) && join(BUILD_ROOT, name) !== keep)
    .map((name) => join(BUILD_ROOT, name))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
  for (const dir of old.slice(0, Math.max(0, old.length - 1))) rmSync(dir, { recursive: true, force: true });
}

/** The current build, building it first when it is missing or its sources changed. */
export async function ensureBuilt(mode: BuildMode = currentMode(), announce?: (line: string) => void): Promise<{ dir: string; manifest: BuildManifest }> {
  const dir = buildDir(mode, sourceFingerprint(mode));
  const manifestPath = join(dir, 'manifest.json');
  if (existsSync(manifestPath)) return { dir, manifest: JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest };
  // Half a minute or more on a small box: a start that builds says so rather than sitting silent.
  announce?.(BUILDING_MESSAGE);
  const started = performance.now();
  const built = await buildAssets(mode);
  announce?.(`Built the web app in ${Math.max(1, Math.round((performance.now() - started) / 1000))} s.`);
  return built;
}

export const BUILDING_MESSAGE = 'Building the web app for this version of Hearth (once after an install or update; it can take a minute)…';

if (import.meta.main) {
  // `bun run build` makes what `start` serves: production unless NODE_ENV says otherwise.
  process.env.NODE_ENV ??= 'production';
  const started = performance.now();
  const { dir } = await buildAssets(currentMode());
  console.log(`Built ${currentMode()} assets into ${relative(ROOT, dir)} in ${Math.round(performance.now() - started)} ms`);
}
