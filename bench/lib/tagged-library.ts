import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture } from '../../src/testing/media-fixtures.ts';
import { makeTempDir } from '../../src/testing/server.ts';

/** `count` tagged mp3s in 20 folders: the fixture with a distinct title of the same length in each. */
export function makeTaggedLibrary(count: number): string {
  const dir = makeTempDir('hearth-import-bench-');
  const source = readFileSync(fixture('tagged.mp3'));
  const at = source.indexOf('Hearth Tone');
  for (let i = 0; i < count; i++) {
    const copy = Buffer.from(source);
    copy.write(`Track ${String(i).padStart(5, '0')}`, at, 'latin1');
    mkdirSync(join(dir, `disc-${i % 20}`), { recursive: true });
    writeFileSync(join(dir, `disc-${i % 20}`, `${i}.mp3`), copy);
  }
  return dir;
}
