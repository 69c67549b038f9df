import { expect, test } from 'bun:test';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { makeTempDir } from '../src/testing/server.ts';

// Migrations come only from drizzle-kit: if the schema changed without `bun run db:generate`,
// generating again would add a file. This fails the suite in that case.
test('the committed migrations match the schema', async () => {
  const out = makeTempDir('hearth-migrations-');
  const cleanup = [out];
  try {
    cpSync(resolve('db/migrations'), out, { recursive: true });
    const before = readdirSync(out).sort();
    const config = join(out, '..', `${out.split('/').pop()}.drizzle.config.ts`);
    cleanup.push(config);
    writeFileSync(
      config,
      // drizzle-kit prefixes "./" to `out`, so it must be relative to the working directory.
      `export default { dialect: 'sqlite', schema: './db/schema/index.ts', out: '${relative(process.cwd(), out)}' };\n`,
    );
    const child = Bun.spawn([process.execPath, 'x', 'drizzle-kit', 'generate', '--config', config], { stdout: 'pipe', stderr: 'pipe' });
    const output = (await new Response(child.stdout).text()) + (await new Response(child.stderr).text());
    expect(await child.exited).toBe(0);
    expect(output).toContain('No schema changes');
    expect(readdirSync(out).sort()).toEqual(before);
  } finally {
    for (const path of cleanup) rmSync(path, { recursive: true, force: true });
  }
});
