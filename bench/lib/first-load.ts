import { gzipSync } from 'bun';

/** One downloaded asset and its gzipped size in bytes. */
export interface AssetSize {
  path: string;
  gzipBytes: number;
}

export interface FirstLoad {
  files: AssetSize[];
  gzipBytes: number;
}

const gzipped = (text: string) => gzipSync(new TextEncoder().encode(text)).length;

async function download(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/**
 * Every JS file a browser downloads on first load, with its code: the scripts and modulepreloads
 * the HTML names (the page's bootstrap) and their static imports, recursively.
 * Dynamic `import()` targets are not followed: they load later, if at all.
 */
export async function firstLoadFiles(html: string, base: string): Promise<{ path: string; code: string }[]> {
  const pending = [...new Set(html.match(/\/assets\/[\w/.-]+\.js/g) ?? [])];
  const seen = new Set<string>();
  const files: { path: string; code: string }[] = [];
  while (pending.length > 0) {
    const path = pending.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const code = await download(base + path);
    files.push({ path, code });
    for (const match of code.matchAll(/(?:from|import)\s*["']([^"']+\.js)["']/g)) {
      pending.push(new URL(match[1]!, base + path).pathname);
    }
  }
  return files;
}

/** The first-load JavaScript (see `firstLoadFiles`), each file gzipped. */
export async function shippedJs(html: string, base: string): Promise<FirstLoad> {
  const files = await firstLoadFiles(html, base);
  return summed(files.map(({ path, code }) => ({ path, gzipBytes: gzipped(code) })));
}

/** The stylesheets the HTML links from /assets/ (design: exactly one), gzipped. */
export async function shippedCss(html: string, base: string): Promise<FirstLoad> {
  const paths = [...new Set(html.match(/\/assets\/[\w/.-]+\.css/g) ?? [])];
  const files = await Promise.all(paths.map(async (path) => ({ path, gzipBytes: gzipped(await download(base + path)) })));
  return summed(files);
}

function summed(files: AssetSize[]): FirstLoad {
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

/** "name 12.3 KiB, other 4.5 KiB, …" for the `count` largest files. */
export function largest(load: FirstLoad, count: number): string {
  return load.files
    .slice(0, count)
    .map((file) => `${file.path.replace(/^\/assets\//, '')} ${(file.gzipBytes / 1024).toFixed(1)} KiB`)
    .join(', ');
}
