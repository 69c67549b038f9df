import { afterAll, expect, test } from 'bun:test';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../src/render/build-paths.ts';
import { makeTempDir } from '../../src/testing/server.ts';

const dir = makeTempDir('hearth-lazy-parts-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The admin area is a part loaded apart from the first-load JavaScript; on the server it starts
// loading as the pages' modules are imported. A request arriving before it is loaded (right after
// a start) must still get the area in place in its HTML: here its module takes 1.5 s to load.
test('a first request for an admin page waits for the admin area to load, and renders it in place', async () => {
  const guard = join(dir, 'slow-admin.ts');
  writeFileSync(
    guard,
    `Bun.plugin({ setup(build) { build.onLoad({ filter: /islands\\/admin\\/layout\\/admin-area\\.tsx$/ }, async (args) => {
  await Bun.sleep(1500);
  return { contents: await Bun.file(args.path).text(), loader: 'tsx' };
}); } });`,
  );
  const server = JSON.stringify(join(ROOT, 'src/testing/server.ts'));
  const script = `const { startTestServer } = await import(${server});
const server = await startTestServer();
const cookie = await server.signUp('mum', { isAdmin: true });
const html = await (await server.request('/admin', { cookie })).text();
console.log(JSON.stringify({ sidebar: html.includes('aria-label="Admin sidebar"'), pending: html.includes('<!--$?-->') }));
await server.stop();`;
  const child = Bun.spawn([process.execPath, '--preload', guard, '-e', script], { cwd: ROOT, stdout: 'pipe', stderr: 'inherit' });
  const out = (await new Response(child.stdout).text()).trim();
  expect(await child.exited).toBe(0);
  expect(JSON.parse(out.split('\n').at(-1)!)).toEqual({ sidebar: true, pending: false });
}, 60_000);
