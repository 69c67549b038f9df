// The test suite's own budget: `npm test` under 300 s on the 2-core box, with each pass's wall
// time, CPU time (user + system of the whole process tree: steadier than wall time on a shared
// machine), test count and expect() count, which must not drop. BASELINE_REV=<commit> first runs
// that commit's suite (from a temporary git worktree, after its own install) in the same sitting
// and prints the ratios. PASSES="server islands" runs only those passes, in both. It also prints
// the CPU by kind of process (bench/lib/process-cpu.ts): Chromium's renderers, GPU and browser
// processes apart, where the browser pass spends most. Slow: whole suites.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printFigure } from './lib/harness.ts';
import { machineCpuSeconds, sampleProcessCpu } from './lib/process-cpu.ts';

const BUDGET_S = 300;
const PASSES = (process.env.PASSES ?? '').split(/\s+/).filter(Boolean);

interface PassFigures {
  /** Seconds from the pass's first job starting to its last ending are not printed; the sum of its jobs' seconds is. */
  jobSeconds: number;
  /** CPU seconds of its jobs (0 from runners that do not print them). */
  cpu: number;
  tests: number;
  expects: number;
}

interface SuiteRun {
  totalS: number;
  /** CPU seconds of the whole run, the runner and everything it started (getrusage of the child). */
  cpuS: number;
  /**
   * CPU seconds the whole machine spent meanwhile (/proc/stat): counts Chromium's renderers, which
   * its zygote reaps and getrusage never sees, and anything else running on the machine.
   */
  machineCpuS: number;
  /** CPU seconds by kind of process (Chromium's renderers, its GPU process, Bun…), sampled from /proc. */
  byKind: Map<string, number>;
  passes: Map<string, PassFigures>;
  summary: string;
}

/** The pass a job belongs to, from its name as run-tests.ts prints it (`browser 3/12 (4 files)`). */
const passOf = (job: string) => job.split(' ')[0]!;

async function runSuite(cwd: string): Promise<SuiteRun> {
  const started = performance.now();
  const machineBefore = machineCpuSeconds();
  const sampler = sampleProcessCpu();
  const child = Bun.spawn([process.execPath, 'src/testing/run-tests.ts', ...PASSES], { cwd, stdout: 'pipe', stderr: 'pipe', env: { ...process.env, FORCE_COLOR: '0' } });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  await child.exited;
  const byKind = sampler.stop();
  const usage = child.resourceUsage();
  const output = out + err;
  const passes = new Map<string, PassFigures>();
  // `name: 12 passed, 0 failed, 40 expect() calls in 12.3 s (cpu 20.1 s)`, or `name: ok in 4.2 s`.
  const line = /^([a-z][\w /()-]*?): (?:ok|FAILED|(\d+) passed, \d+ failed(?:, (\d+) expect\(\) calls)?) in ([\d.]+) s(?: \(cpu ([\d.]+) s\))?$/gm;
  for (const match of output.matchAll(line)) {
    const pass = passOf(match[1]!);
    const figures = passes.get(pass) ?? { jobSeconds: 0, cpu: 0, tests: 0, expects: 0 };
    figures.jobSeconds += Number(match[4]);
    figures.cpu += Number(match[5] ?? 0);
    figures.tests += Number(match[2] ?? 0);
    figures.expects += Number(match[3] ?? 0);
    passes.set(pass, figures);
  }
  // A failed test with its error (run-tests.ts repeats them under this heading), or at least its name:
  // a flake met during a bench is otherwise lost with the run's output.
  const whatFailed = /^=== what failed ===\n[\s\S]*?(?=\n\nslowest files:|\n\n[a-z][\w /()-]*?: (?:ok|FAILED|\d+ passed))/m.exec(output)?.[0];
  const failures = whatFailed ? [whatFailed] : [...new Set(output.match(/^\(fail\) .*$/gm) ?? [])];
  const summary = [output.match(/^\d+ passed, \d+ failed$/m)?.[0] ?? 'no closing line', ...failures].join('\n');
  const cpuS = usage ? Number(usage.cpuTime.user + usage.cpuTime.system) / 1e6 : 0;
  return { totalS: (performance.now() - started) / 1000, cpuS, machineCpuS: machineCpuSeconds() - machineBefore, byKind, passes, summary };
}

async function baseline(rev: string): Promise<SuiteRun> {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-suite-'));
  const tree = join(dir, 'tree');
  const git = (...args: string[]) => Bun.spawnSync(['git', ...args], { stdout: 'ignore', stderr: 'inherit' });
  try {
    if (git('worktree', 'add', '--detach', tree, rev).exitCode !== 0) throw new Error(`cannot check out ${rev}`);
    const install = Bun.spawnSync([process.execPath, 'install', '--frozen-lockfile'], { cwd: tree, stdout: 'ignore', stderr: 'inherit' });
    if (install.exitCode !== 0) throw new Error(`install failed at ${rev}`);
    return await runSuite(tree);
  } finally {
    git('worktree', 'remove', '--force', tree);
    rmSync(dir, { recursive: true, force: true });
  }
}

const loadavg = async () => (await Bun.file('/proc/loadavg').text()).split(' ')[0];
const rev = process.env.BASELINE_REV;
console.log(`load average before: ${await loadavg()}`);
const before = rev ? await baseline(rev) : null;
if (before) console.log(`${rev}: ${before.summary}`);
const now = await runSuite(process.cwd());
console.log(`this checkout: ${now.summary}\nload average after: ${await loadavg()}`);
for (const [pass, figures] of now.passes) {
  const then = before?.passes.get(pass);
  const against = (name: string, value: number | undefined) => (then && value !== undefined ? { name: `${name} at ${rev}`, value } : undefined);
  printFigure(`npm test ${pass}: seconds of its jobs`, figures.jobSeconds, 's', against(pass, then?.jobSeconds));
  if (figures.cpu > 0) printFigure(`npm test ${pass}: cpu`, figures.cpu, 's', then?.cpu ? against(pass, then.cpu) : undefined);
  if (figures.tests > 0) printFigure(`npm test ${pass}: tests`, figures.tests, 'tests', against(pass, then?.tests), then ? `>= ${then.tests}` : undefined);
  if (figures.expects > 0) printFigure(`npm test ${pass}: expect() calls`, figures.expects, 'calls', against(pass, then?.expects), then ? `>= ${then.expects}` : undefined);
}
for (const [kind, seconds] of now.byKind) printFigure(`cpu of ${kind} processes`, seconds, 's', before ? { name: `${kind} at ${rev}`, value: before.byKind.get(kind) ?? 0 } : undefined);
printFigure('npm test cpu', now.cpuS, 's', before ? { name: `npm test at ${rev}`, value: before.cpuS } : undefined);
printFigure('machine cpu during npm test', now.machineCpuS, 's', before ? { name: `npm test at ${rev}`, value: before.machineCpuS } : undefined);
printFigure('npm test wall time', now.totalS, 's', before ? { name: `npm test at ${rev}`, value: before.totalS } : undefined, PASSES.length === 0 ? `< ${BUDGET_S} s` : undefined);
