import { afterAll, expect, test } from 'bun:test';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../testing/server.ts';
import { ROOT } from '../render/build-paths.ts';
import { checkBootstraps, ensureBuilt } from './build.ts';

const dir = makeTempDir('hearth-build-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A server started from a checkout imports build.ts to find its build; the build toolchain
// (UnoCSS) must load only when a build is made.
test('finding an existing build loads no UnoCSS', async () => {
  await ensureBuilt('production'); // ahead, so the child finds the build made
  const guard = join(dir, 'no-unocss.ts');
  writeFileSync(
    guard,
    `Bun.plugin({ setup(build) { build.onLoad({ filter: /(uno\\.config\\.ts|@unocss)/ }, (args) => { throw new Error('loaded ' + args.path); }); } });`,
  );
  const child = Bun.spawn(
    [process.execPath, '--preload', guard, '-e', `const { ensureBuilt } = await import(${JSON.stringify(join(ROOT, 'src/compose/build.ts'))}); await ensureBuilt('production'); console.log('found');`],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdout: 'pipe', stderr: 'pipe' },
  );
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  expect(err).not.toContain('loaded ');
  expect(out.trim()).toBe('found');
  expect(code).toBe(0);
}, 180_000);

test('a bootstrap table that misses a referenced client module, or lists one no page references, stops the build', () => {
  const table = { app: ['islands/app/app-shell.tsx'], status: ['islands/reload-button.tsx'] };
  expect(() => checkBootstraps(['islands/app/app-shell.tsx', 'islands/reload-button.tsx'], table)).not.toThrow();
  expect(() => checkBootstraps(['islands/app/app-shell.tsx', 'islands/reload-button.tsx', 'islands/new-part.tsx'], table)).toThrow(
    'routes/pages/bootstraps.ts is out of date: no bootstrap lists islands/new-part.tsx, which the pages reference',
  );
  expect(() => checkBootstraps(['islands/app/app-shell.tsx'], table)).toThrow('routes/pages/bootstraps.ts is out of date: no page references islands/reload-button.tsx');
});
