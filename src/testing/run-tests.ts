/**
 * `bun run test`: typecheck, the import-boundary check, then each `bun test` pass in its own
 * process (server and API tests, happy-dom island tests, Chromium browser tests), then one closing line
 * `N passed, N failed` that CI reads. Exits non-zero if anything failed.
 */
// Per-test limit: tests hash passwords and drive Chromium on 2 shared cores.
const TIMEOUT = '30000';
const PASSES: { name: string; cmd: string[] }[] = [
  { name: 'typecheck', cmd: ['bun', 'x', 'tsc', '--noEmit', '-p', '.'] },
  // The design's "may import" table; prints each violation with file, import and rule.
  { name: 'boundaries', cmd: ['bun', 'src/testing/boundaries.ts'] },
  { name: 'server', cmd: ['bun', 'test', '--timeout', TIMEOUT, '--path-ignore-patterns', 'islands/**', '--path-ignore-patterns', 'src/e2e/**', 'src', 'routes', 'db', 'media'] },
  { name: 'islands', cmd: ['bun', 'test', '--timeout', TIMEOUT, '--preload', './src/testing/happy-dom.ts', 'islands'] },
  { name: 'browser', cmd: ['bun', 'test', '--timeout', TIMEOUT, 'src/e2e'] },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;

async function hasTests(dir: string): Promise<boolean> {
  const glob = new Bun.Glob(`${dir}/**/*.{test,spec}.{ts,tsx}`);
  for await (const _ of glob.scan('.')) return true;
  return false;
}

/** Streams a child's output through while keeping it for counting. */
async function run(cmd: string[]): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(cmd, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, FORCE_COLOR: '0' } });
  let output = '';
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      sink.write(text);
    }
  };
  await Promise.all([pump(child.stdout, process.stdout), pump(child.stderr, process.stderr)]);
  return { code: await child.exited, output };
}

for (const pass of PASSES) {
  if (only.length > 0 && !only.includes(pass.name)) continue;
  if (pass.name === 'islands' && !(await hasTests('islands'))) continue;
  if (pass.name === 'browser' && !(await hasTests('src/e2e'))) continue;
  console.log(`\n=== ${pass.name} ===`);
  const { code, output } = await run(pass.cmd);
  // Checks without a test count: one passed or one failed each.
  if (pass.name === 'typecheck' || pass.name === 'boundaries') {
    if (code === 0) passed += 1;
    else failed += 1;
    continue;
  }
  const pass_ = Number(output.match(/^\s*(\d+) pass$/m)?.[1] ?? 0);
  const fail = Number(output.match(/^\s*(\d+) fail$/m)?.[1] ?? 0);
  passed += pass_;
  // A crash before any summary still counts as a failure.
  failed += fail > 0 ? fail : code !== 0 ? 1 : 0;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
export {};
