/**
 * `bun run test`: typecheck, the import-boundary check, then the `bun test` passes (server and API
 * tests, happy-dom island tests, Chromium browser tests in shards, the release binaries), then one
 * closing line `N passed, N failed` that CI reads. Exits non-zero if anything failed.
 *
 * `bun run test [pass…]` runs only the named passes. HEARTH_TEST_JOBS sets how many `bun test`
 * processes run at once (default 3: on 2 cores the browser shards wait on Chromium and on each
 * other's I/O often enough that a third keeps both cores busy); each job's output is printed whole
 * when it ends, so shards never interleave.
 */
import { statSync } from 'node:fs';

// Per-test limit: tests hash passwords and drive Chromium on 2 shared cores.
const TIMEOUT = '30000';
const BUN = process.execPath;
const TEST = [BUN, 'test', '--timeout', TIMEOUT];
const JOBS = Math.max(1, Number(process.env.HEARTH_TEST_JOBS ?? 3));
// How many processes the browser files are split over, each with one Chromium: more shards than
// lanes, so a lane that finishes early takes the next shard instead of idling.
const BROWSER_SHARDS = Math.max(1, Number(process.env.HEARTH_BROWSER_SHARDS ?? 8));

interface Job {
  pass: string;
  name: string;
  cmd: string[];
  /** Checks without a test count: one passed or one failed each. */
  check?: boolean;
}

const only = process.argv.slice(2);
const wanted = (pass: string) => only.length === 0 || only.includes(pass);

function testFiles(dir: string): string[] {
  return [...new Bun.Glob(`${dir}/**/*.{test,spec}.{ts,tsx}`).scanSync('.')].sort();
}

/**
 * The browser files in `count` shards of about equal work, longest first (file size stands in for
 * run time: a browser test's length follows the pages it drives).
 */
function browserShards(count: number): string[][] {
  const files = testFiles('src/e2e')
    .map((file) => ({ file, weight: statSync(file).size }))
    .sort((a, b) => b.weight - a.weight);
  const shards = Array.from({ length: Math.min(count, files.length) }, () => ({ files: [] as string[], weight: 0 }));
  for (const { file, weight } of files) {
    const lightest = shards.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(file);
    lightest.weight += weight;
  }
  return shards.map((shard) => shard.files);
}

/** Runs a child to the end with its output kept, to be printed in one piece. */
async function run(cmd: string[]): Promise<{ code: number; output: string; seconds: number }> {
  const started = performance.now();
  const child = Bun.spawn(cmd, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, FORCE_COLOR: '0' } });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  return { code: await child.exited, output: out + err, seconds: (performance.now() - started) / 1000 };
}

let passed = 0;
let failed = 0;
const timings: string[] = [];
// Each failed test with the lines bun printed before it (its error), repeated at the very end so
// a log cut to its tail still says what failed and why.
const failures: string[] = [];

/** The `(fail)` lines of a test run's output, each with up to 25 lines of its error above it. */
function failuresIn(output: string): string[] {
  // Bun repeats the failed tests' names in a recap at the end ("2 tests failed:"): read up to it.
  const all = output.split('\n');
  const recap = all.findIndex((line) => /^\d+ tests? failed:$/.test(line.trim()));
  const lines = recap === -1 ? all : all.slice(0, recap);
  return lines.flatMap((line, i) => {
    if (!line.startsWith('(fail)')) return [];
    let start = i;
    while (start > 0 && i - start < 25 && !/^\((pass|fail|skip)\)/.test(lines[start - 1]!)) start -= 1;
    return [lines.slice(start, i + 1).join('\n')];
  });
}

async function runJob(job: Job): Promise<void> {
  if (!job.check) console.log(`... ${job.name} started`);
  const { code, output, seconds } = await run(job.cmd);
  let summary: string;
  if (job.check) {
    if (code === 0) passed += 1;
    else failed += 1;
    summary = code === 0 ? 'ok' : 'FAILED';
  } else {
    const pass = Number(output.match(/^\s*(\d+) pass$/m)?.[1] ?? 0);
    const fail = Number(output.match(/^\s*(\d+) fail$/m)?.[1] ?? 0);
    const expects = Number(output.match(/^\s*(\d+) expect\(\) calls$/m)?.[1] ?? 0);
    passed += pass;
    // A crash before any summary still counts as a failure.
    const counted = fail > 0 ? fail : code !== 0 ? 1 : 0;
    failed += counted;
    summary = `${pass} passed, ${counted} failed, ${expects} expect() calls`;
    failures.push(...failuresIn(output).map((failure) => `[${job.name}]\n${failure}`));
    if (counted > 0 && fail === 0) failures.push(`[${job.name}] exited ${code} before its summary:\n${output.split('\n').slice(-25).join('\n')}`);
  }
  const line = `${job.name}: ${summary} in ${seconds.toFixed(1)} s`;
  timings.push(line);
  process.stdout.write(`\n=== ${job.name} ===\n${output}${output.endsWith('\n') ? '' : '\n'}--- ${line}\n`);
}

/** Runs the jobs, at most `limit` at once, in the order given. */
async function runAll(jobs: Job[], limit: number): Promise<void> {
  const queue = [...jobs];
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await runJob(job);
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, lane));
}

const started = performance.now();

// Quick checks first, one after the other: a type error makes the rest moot to read.
const checks: Job[] = [
  { pass: 'typecheck', name: 'typecheck', cmd: [BUN, 'x', 'tsc', '--noEmit', '-p', '.'], check: true },
  // The "may import" table; prints each violation with file, import and rule.
  { pass: 'boundaries', name: 'boundaries', cmd: [BUN, 'src/testing/boundaries.ts'], check: true },
];
await runAll(checks.filter((job) => wanted(job.pass)), 1);

const tests: Job[] = [];
// The server pass first (the longest single job), then the browser shards longest first, so the
// short jobs fill the lanes at the end.
if (wanted('server')) {
  const ignore = ['islands/**', 'src/e2e/**', 'src/compose/release/**'].flatMap((pattern) => ['--path-ignore-patterns', pattern]);
  tests.push({ pass: 'server', name: 'server', cmd: [...TEST, ...ignore, 'src', 'routes', 'db', 'media'] });
}
if (wanted('browser') && testFiles('src/e2e').length > 0) {
  const shards = browserShards(BROWSER_SHARDS);
  shards.forEach((files, i) => tests.push({ pass: 'browser', name: `browser ${i + 1}/${shards.length} (${files.length} files)`, cmd: [...TEST, ...files] }));
}
// Builds the binaries and runs the arm64 one under emulation: its own pass, timed on its own.
if (wanted('release')) tests.push({ pass: 'release', name: 'release', cmd: [...TEST, 'src/compose/release'] });
if (wanted('islands') && testFiles('islands').length > 0) {
  tests.push({ pass: 'islands', name: 'islands', cmd: [...TEST, '--preload', './src/testing/happy-dom.ts', 'islands'] });
}

if (tests.length > 0) {
  // Processes started together would each build the development bundles into the same folder.
  const build = await run([BUN, '-e', "await (await import('./src/compose/build.ts')).ensureBuilt('development')"]);
  if (build.code !== 0) {
    process.stdout.write(`\n=== build ===\n${build.output}\n`);
    failed += 1;
  } else {
    await runAll(tests, JOBS);
  }
}

if (failures.length > 0) console.log(`\n=== what failed ===\n${failures.join('\n\n')}`);
console.log(`\n${timings.join('\n')}\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
