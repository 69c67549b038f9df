import type { BunPlugin } from 'bun';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { ROOT } from './build-paths.ts';

const USE_CLIENT = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*['"]use client['"]/;

export function isClientModule(source: string): boolean {
  return USE_CLIENT.test(source);
}

/** Packages bundled into the RSC graph so they resolve with the react-server condition. */
const BUNDLED_PACKAGES = /^(react|react-dom|react-server-dom-webpack|scheduler)(\/|$)/;
/** App folders the RSC bundle must share with the running server (the database, services). */
const SHARED_FOLDERS = ['db/', 'media/', 'src/'];
const BUNDLED_FOLDERS = ['src/render/', 'src/shared/'];

function isSharedModule(path: string): boolean {
  const rel = relative(ROOT, path);
  return SHARED_FOLDERS.some((f) => rel.startsWith(f)) && !BUNDLED_FOLDERS.some((f) => rel.startsWith(f));
}

/** `export const X = registerClientReference(...)` for each export of a 'use client' module. */
function clientReferenceModule(path: string, source: string): string {
  const id = relative(ROOT, path);
  const { exports } = new Bun.Transpiler({ loader: 'tsx' }).scan(source);
  const lines = ["import { registerClientReference } from 'react-server-dom-webpack/server.edge';"];
  for (const name of exports) {
    const stub = `function () { throw new Error(${JSON.stringify(`${name} from ${id} is a client component`)}); }`;
    const reference = `registerClientReference(${stub}, ${JSON.stringify(id)}, ${JSON.stringify(name)})`;
    lines.push(name === 'default' ? `export default ${reference};` : `export const ${name} = ${reference};`);
  }
  return lines.join('\n');
}

/**
 * For the RSC build: 'use client' modules become client references, the app's own server
 * modules (database, services) stay external so the bundle uses the server's single copy,
 * and every package but React's stays external too. The path of each module made a reference
 * is added to `referenced`, which the build checks against routes/pages/bootstraps.ts.
 */
export function rscPlugin(referenced = new Set<string>()): BunPlugin {
  return {
    name: 'hearth-rsc',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const path = resolve(dirname(args.importer), args.path);
        if (isSharedModule(path)) return { path, external: true };
        return undefined;
      });
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (BUNDLED_PACKAGES.test(args.path)) return undefined;
        return { path: args.path, external: true };
      });
      build.onLoad({ filter: /\/islands\/.*\.tsx?$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!isClientModule(source)) return undefined;
        referenced.add(relative(ROOT, args.path));
        return { contents: clientReferenceModule(args.path, source), loader: 'js' };
      });
    },
  };
}
