import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';

/**
 * Media fixtures made by ffmpeg, kept across test files and passes in one temporary folder under
 * the hash of how they were made (the recipe and ffmpeg's version): the same tone or noise is made
 * once per machine instead of once per test file. Each caller still gets its own copy.
 */
export const FIXTURE_CACHE = join(tmpdir(), 'hearth-fixture-cache');

let ffmpegVersion: string | undefined;

/** `out`, a copy of what `make(path)` writes for this recipe, made first if no earlier run did. */
export function cachedFixture(recipe: unknown, out: string, make: (path: string) => void): string {
  ffmpegVersion ??= spawnSync('ffmpeg', ['-version'], { encoding: 'utf8' }).stdout?.split('\n')[0] ?? '';
  const key = new Bun.CryptoHasher('sha256').update(JSON.stringify([ffmpegVersion, recipe, extname(out)])).digest('hex');
  const cached = join(FIXTURE_CACHE, `${key}${extname(out)}`);
  if (!existsSync(cached)) {
    mkdirSync(FIXTURE_CACHE, { recursive: true });
    // Made under a name of its own, then renamed: a process running beside sees all of it or none.
    const partial = join(FIXTURE_CACHE, `partial-${crypto.randomUUID()}${extname(out)}`);
    try {
      make(partial);
      renameSync(partial, cached);
    } finally {
      rmSync(partial, { force: true });
    }
  }
  copyFileSync(cached, out);
  return out;
}
