/**
 * `bun run test`: typecheck, the import-boundary check, then the `bun test` passes (server and API
 * tests, happy-dom island tests, Chromium browser tests, the release binaries), then one closing
 * line `N passed, N failed` that CI reads. Exits non-zero if anything failed.
 *
 * `bun run test [pass…]` runs only the named passes. The server and browser passes are split into
 * shards by each file's measured seconds (src/testing/test-shards.ts), and every job of every pass
 * goes into one queue, longest first, run by HEARTH_TEST_JOBS lanes (default 3: on 2 cores the
 * browser shards wait on Chromium often enough that a third keeps both cores busy). Each job's
 * output is printed whole when it ends, so shards never interleave. `--record-weights` writes the
 * seconds each file took in this run into src/testing/test-weights.json; `--plan` prints the jobs
 * and their expected seconds without running them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEASURED, WAITING, packShards, secondsFromJunit, weightOf } from './test-shards.ts';

// Per-test limit: tests hash passwords and drive Chromium on 2 shared cores.
const TIMEOUT = '30000';
const BUN = process.execPath;
const TEST = [BUN, 'test', '--timeout', TIMEOUT];
const JOBS = Math.max(1, Number(process.env.HEARTH_TEST_JOBS ?? 3));
// How many processes each pass's files are split over (each browser shard with one Chromium):
// more shards than lanes, so a lane that finishes early takes the next shard instead of idling.
const SERVER_SHARDS = Math.max(1, Number(process.env.HEARTH_SERVER_SHARDS ?? 6));
const BROWSER_SHARDS = Math.max(1, Number(process.env.HEARTH_BROWSER_SHARDS ?? 12));
const REPORTS = mkdtempSync(join(tmpdir(), 'hearth-test-reports-'));
const WEIGHTS_FILE = join(import.meta.dir, 'test-weights.json');

interface Job {
  pass: string;
  name: string;
  cmd: string[];
  /** Checks without a test count: one passed or one failed each. */
  check?: boolean;
  /** Expected seconds, from the files' measured weights: the queue runs the longest first. */
  weight?: number;
  /** Runs from the start beside the lanes, not in one: it mostly waits (WAITING in test-shards.ts). */
  beside?: boolean;
  /** Added to the child's environment. */
  env?: Record<string, string>;
}

// The browser pass runs what `npm start` serves: production bundles and React's production build
// in the test servers and in Chromium, which cost less CPU per page load than development's
// (docs/decisions/227-browser-tests-in-production-mode.md). Server and island tests stay in development.
const BROWSER_ENV = { NODE_ENV: 'production' };

const args = process.argv.slice(2);
const recordWeights = args.includes('--record-weights');
const only = args.filter((arg) => !arg.startsWith('--'));
const wanted = (pass: string) => only.length === 0 || only.includes(pass);

function testFiles(dir: string): string[] {
  return [...new Bun.Glob(`${dir}/**/*.{test,spec}.{ts,tsx}`).scanSync('.')].sort();
}

/** `bun test` arguments for these files: a `./` path is a file, a bare one a name filter. */
const asPaths = (files: string[]) => files.map((file) => `./${file}`);

/** One job per shard of `files`, named `<pass> i/n (k files)`, weighed by its files. */
function shardJobs(pass: string, files: string[], count: number, extra: string[] = [], env?: Record<string, string>): Job[] {
  const shards = packShards(files, count);
  return shards.map((shard, i) => ({
    pass,
    name: shards.length === 1 ? pass : `${pass} ${i + 1}/${shards.length} (${shard.files.length} files)`,
    cmd: [...TEST, ...extra, ...asPaths(shard.files)],
    weight: shard.weight,
    env,
  }));
}

/**
 * Runs a child to the end with its output kept, to be printed in one piece. `cpu` is its user and
 * system seconds with those of the processes it waited for: on a shared machine a steadier figure
 * than the wall time, but short of Chromium's (its renderers are reaped by its zygote, which is not).
 */
async function run(cmd: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string; seconds: number; cpu: number }> {
  const started = performance.now();
  const child = Bun.spawn(cmd, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, FORCE_COLOR: '0', ...env } });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  const code = await child.exited;
  const usage = child.resourceUsage();
  const cpu = usage ? Number(usage.cpuTime.user + usage.cpuTime.system) / 1e6 : 0;
  return { code, output: out + err, seconds: (performance.now() - started) / 1000, cpu };
}

let passed = 0;
let failed = 0;
let expected = 0;
let cpuSeconds = 0;
/** Seconds per test file in this run, from each job's junit report. */
const fileSeconds: Record<string, number> = {};
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
  const report = join(REPORTS, `${job.name.replace(/\W+/g, '-')}.xml`);
  const { code, output, seconds, cpu } = await run(job.check ? job.cmd : [...job.cmd.slice(0, 2), '--reporter=junit', `--reporter-outfile=${report}`, ...job.cmd.slice(2)], job.env);
  cpuSeconds += cpu;
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
    expected += expects;
    try {
      Object.assign(fileSeconds, secondsFromJunit(readFileSync(report, 'utf8')));
    } catch {
      // No report: the process died first, which the counts below say.
    }
    // A crash before any summary still counts as a failure.
    const counted = fail > 0 ? fail : code !== 0 ? 1 : 0;
    failed += counted;
    summary = `${pass} passed, ${counted} failed, ${expects} expect() calls`;
    failures.push(...failuresIn(output).map((failure) => `[${job.name}]\n${failure}`));
    if (counted > 0 && fail === 0) failures.push(`[${job.name}] exited ${code} before its summary:\n${output.split('\n').slice(-25).join('\n')}`);
  }
  const line = `${job.name}: ${summary} in ${seconds.toFixed(1)} s (cpu ${cpu.toFixed(1)} s)`;
  timings.push(line);
  process.stdout.write(`\n=== ${job.name} ===\n${output}${output.endsWith('\n') ? '' : '\n'}--- ${line}\n`);
}

/** Runs the jobs, at most `limit` at once, the heaviest first (in the order given when unweighed). */
async function runAll(jobs: Job[], limit: number): Promise<void> {
  const beside = jobs.filter((job) => job.beside).map(runJob);
  const queue = jobs.filter((job) => !job.beside).map((job, i) => ({ job, i })).sort((a, b) => (b.job.weight ?? 0) - (a.job.weight ?? 0) || a.i - b.i).map(({ job }) => job);
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await runJob(job);
  };
  await Promise.all([...beside, ...Array.from({ length: Math.min(limit, queue.length) }, lane)]);
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
// Every pass's jobs go into one queue, heaviest first, so the short ones fill the lanes at the end.
if (wanted('server')) {
  const skip = (file: string) => file.startsWith('islands/') || file.startsWith('src/e2e/') || file.startsWith('src/compose/release/');
  const files = ['src', 'routes', 'db', 'media'].flatMap(testFiles).filter((file) => !skip(file));
  tests.push(...shardJobs('server', files, SERVER_SHARDS));
}
if (wanted('browser') && testFiles('src/e2e').length > 0) {
  // The preload closes each shard's one Chromium after its last file (its CPU time then counts).
  const teardown = ['--preload', './src/testing/browser-teardown.ts'];
  const files = testFiles('src/e2e');
  tests.push(...shardJobs('browser', files.filter((file) => !WAITING.includes(file)), BROWSER_SHARDS, teardown, BROWSER_ENV));
  for (const file of files.filter((file) => WAITING.includes(file))) {
    tests.push({ pass: 'browser', name: `browser ${file.split('/').pop()!.replace(/\.test\.tsx?$/, '')} (beside the lanes)`, cmd: [...TEST, ...teardown, `./${file}`], beside: true, env: BROWSER_ENV });
  }
}
// Builds the binaries and runs the arm64 one under emulation: its own pass, timed on its own.
if (wanted('release')) tests.push(...shardJobs('release', testFiles('src/compose/release'), 1));
if (wanted('islands') && testFiles('islands').length > 0) {
  const files = testFiles('islands');
  tests.push({ pass: 'islands', name: 'islands', cmd: [...TEST, '--preload', './src/testing/happy-dom.ts', 'islands'], weight: files.reduce((sum, file) => sum + weightOf(file, files, MEASURED), 0) });
}

if (args.includes('--plan')) {
  // The jobs as they would run, heaviest first, with their expected seconds; nothing is run.
  for (const job of [...tests].sort((a, b) => Number(b.beside ?? 0) - Number(a.beside ?? 0) || (b.weight ?? 0) - (a.weight ?? 0))) {
    const env = Object.entries(job.env ?? {}).map(([name, value]) => `${name}=${value} `).join('');
    console.log(`${job.name}: ${job.weight?.toFixed(0) ?? '?'} s  ${env}${job.cmd.filter((arg) => arg.startsWith('./') && arg.includes('.test.')).join(' ')}`);
  }
  process.exit(0);
}

if (tests.length > 0) {
  // Processes started together would each build the bundles of their mode into the same folder;
  // a build runs under its own NODE_ENV, as `npm run build` does.
  const modes = new Set(tests.map((job) => (job.env?.NODE_ENV === 'production' ? 'production' : 'development')));
  let built = true;
  for (const mode of modes) {
    const build = await run([BUN, '-e', `await (await import('./src/compose/build.ts')).ensureBuilt('${mode}')`], { NODE_ENV: mode });
    if (build.code !== 0) {
      process.stdout.write(`\n=== build (${mode}) ===\n${build.output}\n`);
      failed += 1;
      built = false;
    }
  }
  if (built) await runAll(tests, JOBS);
}

if (recordWeights && failed === 0) {
  const seconds = { ...MEASURED, ...fileSeconds };
  const sorted = Object.fromEntries(Object.keys(seconds).sort().map((file) => [file, seconds[file]!]));
  writeFileSync(WEIGHTS_FILE, `${JSON.stringify({ waiting: WAITING, seconds: sorted }, null, 2)}\n`);
  console.log(`\nwrote the seconds of ${Object.keys(fileSeconds).length} files to ${WEIGHTS_FILE}`);
}
rmSync(REPORTS, { recursive: true, force: true });

const slowest = Object.entries(fileSeconds).sort((a, b) => b[1] - a[1]).slice(0, 10);
if (failures.length > 0) console.log(`\n=== what failed ===\n${failures.join('\n\n')}`);
if (slowest.length > 0) console.log(`\nslowest files:\n${slowest.map(([file, s]) => `  ${s.toFixed(1)} s ${file}`).join('\n')}`);
console.log(`\n${timings.join('\n')}\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s, cpu ${cpuSeconds.toFixed(1)} s, ${expected} expect() calls`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
