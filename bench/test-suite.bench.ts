// The test suite's own budget: `npm test` under 300 s on the 2-core box, with each job's time.
// BASELINE_REV=<commit> also runs that commit's `npm test` (from a temporary git worktree, after
// its own install) first, in the same sitting, and prints the ratio against it. Slow: both runs
// are whole suites.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printFigure } from './lib/harness.ts';

const BUDGET_S = 300;

interface SuiteRun {
  totalS: number;
  /** Seconds per job, as run-tests.ts prints them (`name: … in 12.3 s`); empty for older runners. */
  jobs: Map<string, number>;
  summary: string;
}

async function runSuite(cwd: string): Promise<SuiteRun> {
  const started = performance.now();
  const child = Bun.spawn(['npm', 'test'], { cwd, stdout: 'pipe', stderr: 'pipe', env: { ...process.env, FORCE_COLOR: '0' } });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  await child.exited;
  const output = out + err;
  const jobs = new Map<string, number>();
  for (const match of output.matchAll(/^([a-z][\w /()]*?): (?:ok|FAILED|\d+ passed.*?) in ([\d.]+) s$/gm)) jobs.set(match[1]!, Number(match[2]));
  const failures = [...new Set(output.match(/^\(fail\) .*$/gm) ?? [])];
  const summary = [output.match(/^\d+ passed, \d+ failed$/m)?.[0] ?? 'no closing line', ...failures].join('\n');
  return { totalS: (performance.now() - started) / 1000, jobs, summary };
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

const rev = process.env.BASELINE_REV;
const before = rev ? await baseline(rev) : null;
if (before) console.log(`${rev}: ${before.summary}`);
const now = await runSuite(process.cwd());
console.log(`this checkout: ${now.summary}`);
for (const [job, seconds] of now.jobs) printFigure(`npm test job ${job}`, seconds, 's');
printFigure('npm test wall time', now.totalS, 's', before ? { name: `npm test at ${rev}`, value: before.totalS } : undefined, `< ${BUDGET_S} s`);
